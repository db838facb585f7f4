import { useState } from 'react';
import { App, Button, Form, Input, Radio, Select, Space } from 'antd';
import { punchoutConnectionBody, type PunchoutProtocol } from '@labshop/shared/schemas';
import { FormModal } from '@/components/form-modal';
import { zodProblem, zodRule } from '@/lib/zod-rule';
import { useCreateConnection } from '../api/connections';
import { useOrgOptions } from '../api/org-options';
import { hostsOf, newSharedSecret } from './secret';

interface FormValues {
  orgId: number;
  protocol: PunchoutProtocol;
  fromDomain: string;
  fromIdentity: string;
  sharedSecret: string;
  hosts: string;
}

const shape = punchoutConnectionBody.shape;

/**
 * 新增对接: the organization the buyer system shops for, its protocol and identity, the shared
 * secret (generated here; shown once after saving, never again) and the hosts the cart may be
 * returned to (docs/punchout.md).
 */
export function ConnectionFormModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: { id: number; identity: string; secret: string }) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [keyword, setKeyword] = useState('');
  const orgs = useOrgOptions(keyword);
  const create = useCreateConnection();
  const protocol = Form.useWatch('protocol', form);

  const submit = (v: FormValues) =>
    create.mutate(
      {
        orgId: v.orgId,
        protocol: v.protocol,
        fromDomain: v.protocol === 'oci' ? '' : v.fromDomain.trim(),
        fromIdentity: v.fromIdentity.trim(),
        sharedSecret: v.sharedSecret,
        allowedReturnHosts: hostsOf(v.hosts),
      },
      {
        onSuccess: ({ id }) => {
          void message.success('对接已创建');
          onCreated({ id, identity: v.fromIdentity.trim(), secret: v.sharedSecret });
        },
      },
    );

  return (
    <FormModal
      title="新增采购系统对接"
      open={open}
      onCancel={onClose}
      form="punchout-connection-form"
      saving={create.isPending}
      width={560}
    >
      {open ? (
        <Form<FormValues>
          form={form}
          name="punchout-connection-form"
          layout="vertical"
          preserve={false}
          initialValues={{
            protocol: 'cxml',
            fromDomain: 'NetworkID',
            fromIdentity: '',
            sharedSecret: newSharedSecret(),
            hosts: '',
          }}
          onFinish={submit}
        >
          <Form.Item
            name="orgId"
            label="采购单位"
            rules={[{ required: true, message: '请选择采购单位' }]}
          >
            <Select
              showSearch
              placeholder="输入单位名称搜索"
              filterOption={false}
              onSearch={setKeyword}
              loading={orgs.isFetching}
              options={(orgs.data?.records ?? []).map((o) => ({
                value: o.id,
                label: `${o.name}${o.verified ? '' : '（未认证）'}`,
              }))}
            />
          </Form.Item>
          <Form.Item name="protocol" label="协议">
            <Radio.Group
              options={[
                { value: 'cxml', label: 'cXML（SAP Ariba、Coupa、Jaggaer）' },
                { value: 'oci', label: 'OCI（SAP SRM）' },
              ]}
            />
          </Form.Item>
          {protocol !== 'oci' && (
            <Form.Item
              name="fromDomain"
              label="身份域（From/Credential domain）"
              rules={[zodRule(shape.fromDomain)]}
            >
              <Input placeholder="NetworkID" />
            </Form.Item>
          )}
          <Form.Item
            name="fromIdentity"
            label={protocol === 'oci' ? '用户名（USERNAME）' : '身份（Identity）'}
            rules={[zodRule(shape.fromIdentity)]}
          >
            <Input placeholder={protocol === 'oci' ? 'SRM_BUYER' : 'AN01000000001'} />
          </Form.Item>
          <Form.Item label="共享密钥" required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="sharedSecret" noStyle rules={[zodRule(shape.sharedSecret)]}>
                <Input className="font-mono" />
              </Form.Item>
              <Button onClick={() => form.setFieldValue('sharedSecret', newSharedSecret())}>
                重新生成
              </Button>
            </Space.Compact>
          </Form.Item>
          <Form.Item
            name="hosts"
            label="允许的返回地址主机"
            extra="采购系统返回购物车的地址（BrowserFormPost / HOOK_URL）的主机，如 s1.ariba.com；多个用换行或逗号分隔"
            rules={[
              {
                required: true,
                validator: async (_, value: string | undefined) => {
                  const problem = zodProblem(shape.allowedReturnHosts, hostsOf(value ?? ''));
                  if (problem !== null) throw new Error(problem);
                },
              },
            ]}
          >
            <Input.TextArea rows={3} placeholder="s1.ariba.com" />
          </Form.Item>
        </Form>
      ) : null}
    </FormModal>
  );
}
