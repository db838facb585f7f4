import { lazy } from 'react';
import { HomeOutlined } from '@ant-design/icons';
import type { ConsoleArea } from '@/lib/console-area';

const WarehousesPage = lazy(() => import('./components/warehouses-page'));

export const warehousesArea: ConsoleArea = {
  path: 'warehouses',
  label: '仓库管理',
  icon: <HomeOutlined />,
  permission: 'stock',
  routes: [{ index: true, element: <WarehousesPage /> }],
};
