import { lazy } from 'react';
import { ApiOutlined } from '@ant-design/icons';
import type { ConsoleArea } from '@/lib/console-area';

const ConnectionsPage = lazy(() => import('./components/connections-page'));

/** 采购系统对接 (docs/punchout.md): staff with `members` keep the buyers' PunchOut connections. */
export const punchoutArea: ConsoleArea = {
  path: 'punchout',
  label: '采购系统对接',
  icon: <ApiOutlined />,
  permission: 'members',
  routes: [{ index: true, element: <ConnectionsPage /> }],
};
