import { lazy } from 'react';
import { FilePdfOutlined } from '@ant-design/icons';
import type { ConsoleArea } from '@/lib/console-area';

const CoaPage = lazy(() => import('./components/coa-page'));

export const coaArea: ConsoleArea = {
  path: 'coa',
  label: '分析证书',
  icon: <FilePdfOutlined />,
  permission: 'catalogue',
  routes: [{ index: true, element: <CoaPage /> }],
};
