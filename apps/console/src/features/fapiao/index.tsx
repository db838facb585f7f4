import { lazy } from 'react';
import { AuditOutlined } from '@ant-design/icons';
import type { ConsoleArea } from '@/lib/console-area';

const FapiaoRequestsPage = lazy(() => import('./components/fapiao-requests-page'));

export const fapiaoArea: ConsoleArea = {
  path: 'fapiao',
  label: '开票申请',
  icon: <AuditOutlined />,
  permission: 'finance',
  routes: [{ index: true, element: <FapiaoRequestsPage /> }],
};
