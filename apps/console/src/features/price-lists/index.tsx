import { lazy } from 'react';
import { ContainerOutlined } from '@ant-design/icons';
import type { ConsoleArea } from '@/lib/console-area';

const PriceListsPage = lazy(() => import('./components/price-lists-page'));

/** 合同价 (docs/contract-prices-credit.md): catalogue staff keep the organizations' contract price lists. */
export const priceListsArea: ConsoleArea = {
  path: 'price-lists',
  label: '合同价',
  icon: <ContainerOutlined />,
  permission: 'catalogue',
  routes: [{ index: true, element: <PriceListsPage /> }],
};
