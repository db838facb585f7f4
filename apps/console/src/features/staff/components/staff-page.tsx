import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tag,
} from 'antd';
import { ROLES, ROLE_LABEL, formatDateTime, isRole, staffPasswordProblem } from '@labshop/shared';
import { staffCreateBody, staffUpdateBody, type StaffRecord } from '@labshop/shared/schemas';
import { zodRule } from '@/lib/zod-rule';
import { useStaffList } from '../api/get-staff';
import { useResetStaffPassword } from '../api/reset-staff-password';
import { useResetTwoFactor } from '../api/reset-two-factor';
import { useSession } from '@/lib/session';
import { useSaveStaff, type StaffForm } from '../api/save-staff';

const roleOptions = ROLES.map((r) => ({ value: r, label: ROLE_LABEL[r] }));

/** The policy checks the console can make before sending (the server also refuses common ones). */
const passwordPolicy = (account: () => string) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const problem = value ? staffPasswordProblem(value, account()) : null;
    if (problem) throw new Error(problem);
  },
});
const POLICY_HINT = '至少 10 位，不能包含账号，不能是常见密码';

export default function StaffPage() {
  // The App's message: it lives and goes with the screen (the static one keeps a root of its own).
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const list = useStaffList({ page, size: 20 });
  const save = useSaveStaff();
  const reset = useResetStaffPassword();
  const resetTwoFactor = useResetTwoFactor();
  const me = useSession();
  const [editing, setEditing] = useState<StaffForm | null>(null);
  const [resetting, setResetting] = useState<StaffRecord | null>(null);
  const [form] = Form.useForm<StaffForm>();
  const [pwForm] = Form.useForm<{ password: string }>();

  return (
    <Card
      title="员工管理"
      extra={
        <Button
          type="primary"
          onClick={() => setEditing({ account: '', name: '', roles: [], disabled: false })}
        >
          新增员工
        </Button>
      }
    >
      <Table<StaffRecord>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        pagination={{
          current: page,
          pageSize: 20,
          total: list.data?.total ?? 0,
          onChange: setPage,
        }}
        columns={[
          { title: '账号', dataIndex: 'account' },
          { title: '姓名', dataIndex: 'name' },
          {
            title: '角色',
            dataIndex: 'roles',
            render: (roles: string[]) =>
              roles.map((r) => <Tag key={r}>{isRole(r) ? ROLE_LABEL[r] : r}</Tag>),
          },
          {
            title: '状态',
            dataIndex: 'disabled',
            render: (d: boolean) =>
              d ? <Tag color="red">已停用</Tag> : <Tag color="green">正常</Tag>,
          },
          {
            title: '两步验证',
            dataIndex: 'twoFactorEnabled',
            render: (on: boolean) => (on ? <Tag color="blue">已启用</Tag> : <Tag>未启用</Tag>),
          },
          { title: '创建时间', dataIndex: 'createTime', render: (v: number) => formatDateTime(v) },
          {
            title: '操作',
            render: (_, r) => (
              <Space>
                <Button size="small" onClick={() => setEditing({ ...r })}>
                  编辑
                </Button>
                <Button size="small" onClick={() => setResetting(r)}>
                  重置密码
                </Button>
                {/* One's own is turned off on the 两步验证 screen, with a code. */}
                {r.twoFactorEnabled && r.account !== me?.account && (
                  <Popconfirm
                    title={`重置 ${r.account} 的两步验证？`}
                    description="用于手机丢失或更换：其登录会话立即结束，下次用密码登录后须重新绑定。"
                    okText="重置"
                    cancelText="取消"
                    onConfirm={() =>
                      resetTwoFactor
                        .mutateAsync(r.id)
                        .then(() => void message.success('已重置两步验证'))
                        .catch(() => undefined)
                    }
                  >
                    <Button size="small" danger>
                      重置两步验证
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title={editing?.id ? '编辑员工' : '新增员工'}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form<StaffForm>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={editing ?? undefined}
          onFinish={(v) =>
            save.mutate({ ...v, id: editing?.id }, { onSuccess: () => setEditing(null) })
          }
        >
          <Form.Item
            name="account"
            label="账号"
            // An existing account is shown, not sent (staffUpdateBody has none).
            rules={editing?.id ? [] : [zodRule(staffCreateBody.shape.account)]}
          >
            <Input disabled={Boolean(editing?.id)} />
          </Form.Item>
          <Form.Item name="name" label="姓名" rules={[zodRule(staffUpdateBody.shape.name)]}>
            <Input />
          </Form.Item>
          <Form.Item name="roles" label="角色" rules={[zodRule(staffUpdateBody.shape.roles)]}>
            <Select mode="multiple" options={roleOptions} />
          </Form.Item>
          {editing?.id ? (
            <Form.Item name="disabled" label="停用" valuePropName="checked">
              <Switch />
            </Form.Item>
          ) : (
            <Form.Item
              name="password"
              label="初始密码"
              extra={POLICY_HINT}
              dependencies={['account']}
              // Sent encrypted (the schema checks the ciphertext), so the policy the console can
              // check comes from staffPasswordProblem in @labshop/shared.
              rules={[
                { required: true, message: '请输入密码' },
                passwordPolicy(() => String(form.getFieldValue('account') ?? '')),
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          )}
        </Form>
      </Modal>
      <Modal
        title={`重置密码：${resetting?.account ?? ''}`}
        open={resetting !== null}
        onCancel={() => setResetting(null)}
        onOk={() => pwForm.submit()}
        confirmLoading={reset.isPending}
        destroyOnHidden
      >
        <Form
          form={pwForm}
          layout="vertical"
          preserve={false}
          onFinish={(v) =>
            reset.mutate(
              { id: resetting?.id ?? 0, password: v.password },
              {
                onSuccess: () => {
                  setResetting(null);
                  void message.success('密码已重置');
                },
              },
            )
          }
        >
          <Form.Item
            name="password"
            label="新密码"
            extra={POLICY_HINT}
            // Sent encrypted, like the initial password above.
            rules={[
              { required: true, message: '请输入密码' },
              passwordPolicy(() => resetting?.account ?? ''),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
