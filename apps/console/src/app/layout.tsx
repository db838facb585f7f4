import { Suspense, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { Button, Dropdown, Layout, Menu, Spin, Typography } from 'antd';
import { KeyOutlined, LogoutOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { ROLE_LABEL, isRole } from '@labshop/shared';
import { api } from '@/lib/api-client';
import { can, clearSession, useSession } from '@/lib/session';
import { PasswordModal } from '@/features/account';
import { areas } from './areas';

/** The signed-in frame: side menu of the areas the staff's roles allow, header, content. */
export function ConsoleLayout() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [changingPassword, setChangingPassword] = useState(false);
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  // The server answers nothing else until then (STAFF_2FA=required).
  const mustEnrol = session.twoFactorSetupRequired === true;
  if (mustEnrol && location.pathname !== '/security') return <Navigate to="/security" replace />;

  const visible = mustEnrol ? [] : areas.filter((a) => can(session, a.permission));
  const selected = location.pathname.split('/')[1] || 'dashboard';
  const logout = async () => {
    await api.delete('/manage/v1/staff/access', { silent: true }).catch(() => undefined);
    clearSession();
    void navigate('/login');
  };
  const roles = session.roles.map((r) => (isRole(r) ? ROLE_LABEL[r] : r)).join('、');

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={200} theme="light" breakpoint="lg" collapsedWidth={0}>
        <div style={{ padding: '16px 24px', fontWeight: 600, fontSize: 16 }}>运营后台</div>
        <Menu
          mode="inline"
          selectedKeys={[selected]}
          items={visible.map((a) => ({
            key: a.path,
            icon: a.icon,
            label: (
              <Link to={`/${a.path}`}>
                {a.label}
                {a.badge && <a.badge />}
              </Link>
            ),
          }))}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            padding: '0 24px',
          }}
        >
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                {
                  key: 'password',
                  icon: <KeyOutlined />,
                  label: '修改密码',
                  onClick: () => setChangingPassword(true),
                },
                {
                  key: 'security',
                  icon: <SafetyOutlined />,
                  label: '两步验证',
                  onClick: () => void navigate('/security'),
                },
                { type: 'divider' },
                {
                  key: 'logout',
                  icon: <LogoutOutlined />,
                  label: '退出登录',
                  onClick: () => void logout(),
                },
              ],
            }}
          >
            <Button type="text" icon={<UserOutlined />} data-testid="staff-menu">
              {session.name}
              <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                {roles}
              </Typography.Text>
            </Button>
          </Dropdown>
          <PasswordModal
            open={changingPassword}
            account={session.account}
            onClose={() => setChangingPassword(false)}
          />
        </Layout.Header>
        <Layout.Content style={{ margin: 16 }}>
          <Suspense fallback={<Spin />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
