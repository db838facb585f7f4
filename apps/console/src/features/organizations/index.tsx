import { lazy } from 'react';
import { BankOutlined } from '@ant-design/icons';
import type { ConsoleArea } from '@/lib/console-area';

const OrgsPage = lazy(() => import('./components/orgs-page'));
const OrgDetailPage = lazy(() => import('./components/org-detail-page'));

/** 单位客户 (docs/contract-prices-credit.md): organizations, their credit terms and monthly statements. */
export const organizationsArea: ConsoleArea = {
  path: 'organizations',
  label: '单位客户',
  icon: <BankOutlined />,
  permission: 'members.view',
  routes: [
    { index: true, element: <OrgsPage /> },
    { path: ':id', element: <OrgDetailPage /> },
  ],
};
