import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { STAFF_SECURITY_MSG } from '@labshop/shared';
import { staffLoginBody, staffLoginCodeBody, type StaffLoginResult } from '@labshop/shared/schemas';
import { ApiError } from '@/lib/api-client';
import { saveSession, useSession } from '@/lib/session';
import { zodRule } from '@/lib/zod-rule';
import { login, loginWithCode } from '../api/login';

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
  /** Set once the password was right for an account with two-factor login. */
  const [ticket, setTicket] = useState<string | null>(null);
  const from = (location.state as { from?: string } | null)?.from ?? '/dashboard';
  if (session) return <Navigate to={from} replace />;

  const enter = (res: StaffLoginResult) => {
    saveSession({
      token: res.token,
      name: res.name,
      account: res.account,
      roles: res.roles,
      twoFactorSetupRequired: res.twoFactorSetupRequired,
    });
    void navigate(res.twoFactorSetupRequired ? '/security' : from, { replace: true });
  };

  const attempt = async (step: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await step();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : '登录失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

  const submit = (values: LoginForm) =>
    attempt(async () => {
      const res = await login(values.account.trim(), values.password);
      if ('ticket' in res) setTicket(res.ticket);
      else enter(res);
    });

  const submitCode = (values: { code: string }) =>
    attempt(async () => {
      try {
        enter(await loginWithCode(ticket ?? '', values.code.trim()));
      } catch (err) {
        // A spent or expired ticket: start again from the password.
        if (err instanceof ApiError && err.message === STAFF_SECURITY_MSG.ticketExpired)
          setTicket(null);
        throw err;
      }
    });

  return (
    <div
      style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f0f2f5' }}
    >
      <Card title="运营后台登录" style={{ width: 360 }}>
        {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
        {ticket ? (
          <Form<{ code: string }> onFinish={(v) => void submitCode(v)} autoComplete="off">
            <Typography.Paragraph>
              两步验证：请输入身份验证器中的 6 位验证码，或一个恢复码。
            </Typography.Paragraph>
            <Form.Item name="code" rules={[zodRule(staffLoginCodeBody.shape.code)]}>
              <Input
                prefix={<SafetyOutlined />}
                placeholder="验证码"
                autoComplete="one-time-code"
                autoFocus
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              验证
            </Button>
            <Button type="link" block onClick={() => setTicket(null)}>
              返回
            </Button>
          </Form>
        ) : (
          <Form<LoginForm> onFinish={(v) => void submit(v)} autoComplete="off">
            <Form.Item name="account" rules={[zodRule(staffLoginBody.shape.account)]}>
              <Input prefix={<UserOutlined />} placeholder="账号" />
            </Form.Item>
            {/* Sent encrypted: staffLoginBody checks the ciphertext, so only "present" here. */}
            <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
              <Input.Password prefix={<LockOutlined />} placeholder="密码" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              登录
            </Button>
          </Form>
        )}
      </Card>
    </div>
  );
}
