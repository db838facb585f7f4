import { lazy } from 'react';
import { TagsOutlined } from '@ant-design/icons';
import type { ConsoleArea } from '@/lib/console-area';

const BrandsPage = lazy(() => import('./components/brands-page'));

export const brandsArea: ConsoleArea = {
  path: 'brands',
  label: '品牌管理',
  icon: <TagsOutlined />,
  permission: 'catalogue',
  routes: [{ index: true, element: <BrandsPage /> }],
};
