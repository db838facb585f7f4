import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Space,
  Spin,
  Tag,
  Typography,
  message,
} from 'antd';
import { staffTwoFactorCodeBody, type StaffTwoFactorSetup } from '@labshop/shared/schemas';
import { getSession, saveSession } from '@/lib/session';
import { zodRule } from '@/lib/zod-rule';
import { useTwoFactorState } from '../api/get-two-factor';
import { useSetupTwoFactor } from '../api/setup-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useDisableTwoFactor } from '../api/disable-two-factor';

const codeRules = [zodRule(staffTwoFactorCodeBody.shape.code)];

/** The ten recovery codes, shown once right after two-factor login is turned on. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Card title="恢复码" data-testid="recovery-codes">
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="请立即抄下或打印以下恢复码并妥善保存。手机丢失时，可用恢复码代替验证码登录；每个恢复码只能使用一次，且只显示这一次。"
      />
      <ol style={{ fontFamily: 'monospace', fontSize: 16, columns: 2 }}>
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <Space>
        <Button onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))}>
          复制全部
        </Button>
        <Button type="primary" onClick={onDone}>
          我已保存
        </Button>
      </Space>
    </Card>
  );
}

/** 两步验证: turn TOTP login on (scan, confirm a code, keep the recovery codes) or off. */
export default function SecurityPage() {
  const state = useTwoFactorState();
  const setup = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [enrolment, setEnrolment] = useState<StaffTwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) {
    return <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  }
  if (!state.data) return <Spin />;
  const s = state.data;

  const onEnabled = (codes: string[]) => {
    setEnrolment(null);
    setRecoveryCodes(codes);
    const session = getSession();
    if (session) saveSession({ ...session, twoFactorSetupRequired: false });
    void message.success('两步验证已启用');
  };

  return (
    <Card title="两步验证">
      {s.twoFactorRequired && !s.twoFactorEnabled && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="您的角色需要启用两步验证，启用后才能使用后台的其他功能。"
        />
      )}
      <Descriptions column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="状态">
          {s.twoFactorEnabled ? <Tag color="green">已启用</Tag> : <Tag>未启用</Tag>}
        </Descriptions.Item>
        {s.twoFactorEnabled && (
          <Descriptions.Item label="剩余恢复码">{s.recoveryCodesLeft} 个</Descriptions.Item>
        )}
      </Descriptions>
      <Typography.Paragraph type="secondary">
        启用后，登录时除密码外还需输入手机身份验证器（如 Microsoft Authenticator、Google
        Authenticator、腾讯身份验证器）生成的 6 位验证码。
      </Typography.Paragraph>

      {s.twoFactorEnabled ? (
        s.twoFactorRequired ? (
          <Typography.Text type="secondary">您的角色必须使用两步验证，不能停用。</Typography.Text>
        ) : (
          <Form<{ code: string }>
            layout="inline"
            onFinish={(v) =>
              disable.mutate(v.code.trim(), {
                onSuccess: () => void message.success('两步验证已停用'),
              })
            }
          >
            <Form.Item name="code" label="验证码或恢复码" rules={codeRules}>
              <Input autoComplete="one-time-code" style={{ width: 200 }} />
            </Form.Item>
            <Button danger htmlType="submit" loading={disable.isPending}>
              停用两步验证
            </Button>
          </Form>
        )
      ) : enrolment ? (
        <Space direction="vertical" size="middle">
          <Typography.Text>1. 用身份验证器扫描二维码：</Typography.Text>
          <img src={enrolment.qr} alt="两步验证二维码" width={220} height={220} />
          <Typography.Text>
            无法扫描时，在身份验证器中手动输入密钥：
            <Typography.Text code copyable data-testid="totp-secret">
              {enrolment.secret}
            </Typography.Text>
          </Typography.Text>
          <Typography.Text>2. 输入身份验证器显示的 6 位验证码：</Typography.Text>
          <Form<{ code: string }>
            layout="inline"
            onFinish={(v) =>
              enable.mutate(v.code.trim(), { onSuccess: (r) => onEnabled(r.recoveryCodes) })
            }
          >
            <Form.Item name="code" label="验证码" rules={codeRules}>
              <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} autoFocus />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={enable.isPending}>
              确认启用
            </Button>
          </Form>
        </Space>
      ) : (
        <Button
          type="primary"
          loading={setup.isPending}
          onClick={() => setup.mutate(undefined, { onSuccess: setEnrolment })}
        >
          启用两步验证
        </Button>
      )}
    </Card>
  );
}
