import { lazy } from 'react';
import { DatabaseOutlined } from '@ant-design/icons';
import type { ConsoleArea } from '@/app/area';

const StockPage = lazy(() => import('./components/stock-page'));

export const stockArea: ConsoleArea = {
  path: 'stock',
  label: '库存管理',
  icon: <DatabaseOutlined />,
  permission: 'stock',
  routes: [{ index: true, element: <StockPage /> }],
};
