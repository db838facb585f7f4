import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Result } from 'antd';
import type { Permission } from '@labshop/shared';
import { can, useSession } from '@/lib/session';

/** Shows an area only to staff whose roles allow it (the server refuses the calls anyway). */
export function RequirePermission({
  permission,
  children,
}: {
  permission?: Permission | readonly Permission[] | undefined;
  children?: ReactNode;
}) {
  const session = useSession();
  if (!can(session, permission))
    return <Result status="403" title="没有权限" subTitle="您的角色无权访问此页面" />;
  return children ?? <Outlet />;
}
