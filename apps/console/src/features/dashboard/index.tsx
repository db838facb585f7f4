import { lazy } from 'react';
import { DashboardOutlined } from '@ant-design/icons';
import type { ConsoleArea } from '@/lib/console-area';

const DashboardPage = lazy(() => import('./components/dashboard-page'));

export const dashboardArea: ConsoleArea = {
  path: 'dashboard',
  label: '工作台',
  icon: <DashboardOutlined />,
  routes: [{ index: true, element: <DashboardPage /> }],
};
