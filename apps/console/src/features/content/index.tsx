import { lazy } from 'react';
import { FileTextOutlined } from '@ant-design/icons';
import type { ConsoleArea } from '@/lib/console-area';

const ContentsPage = lazy(() => import('./components/contents-page'));
const LinksPage = lazy(() => import('./components/links-page'));

export const contentArea: ConsoleArea = {
  path: 'content',
  label: '内容管理',
  icon: <FileTextOutlined />,
  permission: 'content',
  routes: [
    { index: true, element: <ContentsPage /> },
    { path: 'links', element: <LinksPage /> },
  ],
};
