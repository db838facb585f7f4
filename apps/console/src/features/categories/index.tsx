import { lazy } from 'react';
import { ApartmentOutlined } from '@ant-design/icons';
import type { ConsoleArea } from '@/lib/console-area';

const CategoriesPage = lazy(() => import('./components/categories-page'));

export const categoriesArea: ConsoleArea = {
  path: 'categories',
  label: '分类管理',
  icon: <ApartmentOutlined />,
  permission: 'catalogue',
  routes: [{ index: true, element: <CategoriesPage /> }],
};
