import { lazy } from 'react';
import { MessageOutlined } from '@ant-design/icons';
import type { ConsoleArea } from '@/lib/console-area';

const InboxPage = lazy(() => import('./components/inbox-page'));

export const inboxArea: ConsoleArea = {
  path: 'inbox',
  label: '消息中心',
  icon: <MessageOutlined />,
  permission: 'inbox',
  routes: [{ index: true, element: <InboxPage /> }],
};
