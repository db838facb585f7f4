import { lazy } from 'react';
import { SettingOutlined } from '@ant-design/icons';
import type { ConsoleArea } from '@/app/area';

const SettingsPage = lazy(() => import('./components/settings-page'));

export const settingsArea: ConsoleArea = {
  path: 'settings',
  label: '站点设置',
  icon: <SettingOutlined />,
  permission: 'content',
  routes: [{ index: true, element: <SettingsPage /> }],
};
