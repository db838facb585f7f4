import { lazy } from 'react';
import { ImportOutlined } from '@ant-design/icons';
import type { ConsoleArea } from '@/lib/console-area';

const ImportPage = lazy(() => import('./components/import-page'));

export const importArea: ConsoleArea = {
  path: 'import',
  label: '导入导出',
  icon: <ImportOutlined />,
  permission: 'catalogue',
  routes: [{ index: true, element: <ImportPage /> }],
};
