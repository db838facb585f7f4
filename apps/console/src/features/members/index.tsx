import { lazy } from 'react';
import { TeamOutlined } from '@ant-design/icons';
import type { ConsoleArea } from '@/lib/console-area';

const MembersPage = lazy(() => import('./components/members-page'));
const MemberDetailPage = lazy(() => import('./components/member-detail-page'));

export const membersArea: ConsoleArea = {
  path: 'members',
  label: '会员管理',
  icon: <TeamOutlined />,
  permission: 'members.view',
  routes: [
    { index: true, element: <MembersPage /> },
    { path: ':id', element: <MemberDetailPage /> },
  ],
};
