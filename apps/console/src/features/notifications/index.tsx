import { lazy } from 'react';
import { MailOutlined, SnippetsOutlined } from '@ant-design/icons';
import type { ConsoleArea } from '@/lib/console-area';

const OutboxPage = lazy(() => import('./components/outbox-page'));
const TemplatesPage = lazy(() => import('./components/templates-page'));

export const outboxArea: ConsoleArea = {
  path: 'messages',
  label: '通知发送记录',
  icon: <MailOutlined />,
  permission: 'inbox',
  routes: [{ index: true, element: <OutboxPage /> }],
};

export const templatesArea: ConsoleArea = {
  path: 'message-templates',
  label: '通知模板',
  icon: <SnippetsOutlined />,
  permission: 'content',
  routes: [{ index: true, element: <TemplatesPage /> }],
};
