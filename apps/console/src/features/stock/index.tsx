import { lazy } from 'react';
import { BarcodeOutlined, DatabaseOutlined } from '@ant-design/icons';
import type { ConsoleArea } from '@/lib/console-area';

const StockPage = lazy(() => import('./components/stock-page'));
const ReceiptPage = lazy(() => import('./components/receipt-page'));
const StocktakePage = lazy(() => import('./components/stocktake-page'));
const DocumentsPage = lazy(() => import('./components/documents-page'));
const DocumentPage = lazy(() => import('./components/document-page'));
const LotsPage = lazy(() => import('./components/lots-page'));

/** Counts per warehouse and lot, and the warehouse's paper: receipts, transfers, stocktakes. */
export const stockArea: ConsoleArea = {
  path: 'stock',
  label: '库存管理',
  icon: <DatabaseOutlined />,
  permission: 'stock',
  routes: [
    { index: true, element: <StockPage /> },
    { path: 'receipt', element: <ReceiptPage /> },
    { path: 'stocktake', element: <StocktakePage /> },
    { path: 'documents', element: <DocumentsPage /> },
    { path: 'documents/:id', element: <DocumentPage /> },
  ],
};

/** Lots and expiry (docs/lots.md): every lot with units left, its recall list and certificate. */
export const lotsArea: ConsoleArea = {
  path: 'lots',
  label: '批次管理',
  icon: <BarcodeOutlined />,
  permission: 'stock',
  routes: [{ index: true, element: <LotsPage /> }],
};
