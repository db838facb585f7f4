import { lazy } from 'react';
import { SettingOutlined } from '@ant-design/icons';
import type { ConsoleArea } from '@/lib/console-area';
import { RoutingBadge } from './components/routing-badge';

const SettingsPage = lazy(() => import('./components/settings-page'));

export const settingsArea: ConsoleArea = {
  path: 'settings',
  label: '站点设置',
  icon: <SettingOutlined />,
  // Hot search keywords are content; the bank account, company details and seal money routing.
  permission: ['content', 'money-routing'],
  routes: [{ index: true, element: <SettingsPage /> }],
  badge: RoutingBadge,
};
