import { lazy } from 'react';
import { FileSearchOutlined } from '@ant-design/icons';
import type { ConsoleArea } from '@/lib/console-area';

const BankStatementsPage = lazy(() => import('./components/bank-statements-page'));

/** 银行流水 (docs/contract-prices-credit.md): finance matches a bank's export to waiting orders. */
export const bankStatementsArea: ConsoleArea = {
  path: 'bank-statements',
  label: '银行流水',
  icon: <FileSearchOutlined />,
  permission: 'finance',
  routes: [{ index: true, element: <BankStatementsPage /> }],
};
