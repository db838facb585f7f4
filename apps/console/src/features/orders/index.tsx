import { lazy } from 'react';
import { ProfileOutlined } from '@ant-design/icons';
import type { ConsoleArea } from '@/lib/console-area';

const OrdersPage = lazy(() => import('./components/orders-page'));
const OrderDetailPage = lazy(() => import('./components/order-detail-page'));

export const ordersArea: ConsoleArea = {
  path: 'orders',
  label: '订单管理',
  icon: <ProfileOutlined />,
  permission: 'orders.view',
  routes: [
    { index: true, element: <OrdersPage /> },
    { path: ':id', element: <OrderDetailPage /> },
  ],
};
