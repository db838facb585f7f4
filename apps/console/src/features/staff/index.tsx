import { lazy } from 'react';
import { IdcardOutlined } from '@ant-design/icons';
import type { ConsoleArea } from '@/lib/console-area';

const StaffPage = lazy(() => import('./components/staff-page'));

export const staffArea: ConsoleArea = {
  path: 'staff',
  label: '员工管理',
  icon: <IdcardOutlined />,
  permission: 'staff',
  routes: [{ index: true, element: <StaffPage /> }],
};
