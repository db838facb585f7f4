import { lazy } from 'react';
import { SwapOutlined } from '@ant-design/icons';
import type { ConsoleArea } from '@/lib/console-area';

const SynonymsPage = lazy(() => import('./components/synonyms-page'));

export const synonymsArea: ConsoleArea = {
  path: 'synonyms',
  label: '搜索同义词',
  icon: <SwapOutlined />,
  permission: 'catalogue',
  routes: [{ index: true, element: <SynonymsPage /> }],
};
