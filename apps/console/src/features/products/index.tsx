import { lazy } from 'react';
import { ExperimentOutlined } from '@ant-design/icons';
import type { ConsoleArea } from '@/lib/console-area';

const ProductsPage = lazy(() => import('./components/products-page'));
const ProductFormPage = lazy(() => import('./components/product-form-page'));

export const productsArea: ConsoleArea = {
  path: 'products',
  label: '商品管理',
  icon: <ExperimentOutlined />,
  permission: 'catalogue',
  routes: [
    { index: true, element: <ProductsPage /> },
    { path: ':id', element: <ProductFormPage /> },
  ],
};
