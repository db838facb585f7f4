import { lazy } from 'react';
import { FileTextOutlined } from '@ant-design/icons';
import type { ConsoleArea } from '@/lib/console-area';

const QuotesPage = lazy(() => import('./components/quotes-page'));
const QuoteDetailPage = lazy(() => import('./components/quote-detail-page'));

export const quotesArea: ConsoleArea = {
  path: 'quotes',
  label: '报价单',
  icon: <FileTextOutlined />,
  permission: 'orders.view',
  routes: [
    { index: true, element: <QuotesPage /> },
    { path: ':id', element: <QuoteDetailPage /> },
  ],
};
