import { lazy } from 'react';
import { AuditOutlined } from '@ant-design/icons';
import type { ConsoleArea } from '@/lib/console-area';

const AuditPage = lazy(() => import('./components/audit-page'));

export const auditArea: ConsoleArea = {
  path: 'audit',
  label: '操作日志',
  icon: <AuditOutlined />,
  permission: 'audit',
  routes: [{ index: true, element: <AuditPage /> }],
};
