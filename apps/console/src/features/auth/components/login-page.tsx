import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Alert, Button, Card, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { ApiError } from '@/lib/api-client';
import { saveSession, useSession } from '@/lib/session';
import { login } from '../api/login';

interface LoginForm {
  account: string;
  password: string;
}

export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const from = (location.state as { from?: string } | null)?.from ?? '/dashboard';
  if (session) return <Navigate to={from} replace />;

  const submit = async (values: LoginForm) => {
    setBusy(true);
    setError('');
    try {
      const res = await login(values.account.trim(), values.password);
      saveSession({ token: res.token, name: res.name, account: res.account, roles: res.roles });
      void navigate(from, { replace: true });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : '登录失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f0f2f5' }}
    >
      <Card title="运营后台登录" style={{ width: 360 }}>
        {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
        <Form<LoginForm> onFinish={(v) => void submit(v)} autoComplete="off">
          <Form.Item
            name="account"
            rules={[{ required: true, whitespace: true, message: '请输入账号' }]}
          >
            <Input prefix={<UserOutlined />} placeholder="账号" />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password prefix={<LockOutlined />} placeholder="密码" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            登录
          </Button>
        </Form>
      </Card>
    </div>
  );
}
