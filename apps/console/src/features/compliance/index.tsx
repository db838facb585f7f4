import { lazy } from 'react';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { ConsoleArea } from '@/lib/console-area';
import { ComplianceBadge } from './components/compliance-badge';

const CompliancePage = lazy(() => import('./components/compliance-page'));

/**
 * Buyers' documents, the sales ledger and the 易制爆 report of controlled chemicals
 * (docs/compliance.md).
 */
export const complianceArea: ConsoleArea = {
  path: 'compliance',
  label: '合规管理',
  icon: <SafetyCertificateOutlined />,
  permission: 'compliance',
  routes: [{ index: true, element: <CompliancePage /> }],
  badge: ComplianceBadge,
};
