import { lazy } from 'react';
import { CarOutlined } from '@ant-design/icons';
import type { ConsoleArea } from '@/lib/console-area';

const ShippingClassesPage = lazy(() => import('./components/shipping-classes-page'));

/** 运输类别: the freight rules per shipping class (docs/shipping.md), the warehouse's setting. */
export const shippingArea: ConsoleArea = {
  path: 'shipping-classes',
  label: '运输类别',
  icon: <CarOutlined />,
  permission: 'deliveries',
  routes: [{ index: true, element: <ShippingClassesPage /> }],
};
