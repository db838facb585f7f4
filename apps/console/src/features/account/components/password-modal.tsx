import { Alert, App, Form, Input } from 'antd';
import { MSG, staffPasswordProblem } from '@labshop/shared';
import { FormModal } from '@/components/form-modal';
import { useChangeOwnPassword } from '../api/change-own-password';

interface PasswordForm {
  oldPassword: string;
  password: string;
  confirm: string;
}

/** 修改密码 from the user menu: the server checks the policy and ends the other sessions. */
export function PasswordModal({
  open,
  account,
  onClose,
}: {
  open: boolean;
  account: string;
  onClose: () => void;
}) {
  const change = useChangeOwnPassword();
  const { message } = App.useApp();
  return (
    <FormModal
      title="修改密码"
      open={open}
      form="own-password"
      saving={change.isPending}
      onCancel={onClose}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="新密码至少 10 位，不能包含账号，不能是常见密码。修改后，您在其他设备上的登录将退出。"
      />
      {/* Both passwords are sent encrypted (staffOwnPasswordBody checks the ciphertext), so the
          rules stay the form's own: present, the policy of staffPasswordProblem, the same twice. */}
      <Form<PasswordForm>
        name="own-password"
        layout="vertical"
        preserve={false}
        onFinish={(v) =>
          change.mutate(
            { oldPassword: v.oldPassword, password: v.password },
            {
              onSuccess: () => {
                void message.success('密码已修改');
                onClose();
              },
            },
          )
        }
      >
        <Form.Item
          name="oldPassword"
          label="当前密码"
          rules={[{ required: true, message: '请输入当前密码' }]}
        >
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <Form.Item
          name="password"
          label="新密码"
          rules={[
            { required: true, message: '请输入新密码' },
            {
              validator: async (_, value: string | undefined) => {
                const problem = value ? staffPasswordProblem(value, account) : null;
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['password']}
          rules={[
            { required: true, message: '请确认新密码' },
            ({ getFieldValue }) => ({
              validator: async (_, value: string | undefined) => {
                if (value && value !== getFieldValue('password')) {
                  throw new Error(MSG.passwordMismatch);
                }
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
