import { useState } from 'react';
import { App, Button, Form, Input, Modal, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { ManageOrderDetail } from '@labshop/shared/schemas';
import { useAttachFapiao } from '../api/attach-fapiao';

/** Finance attaches the issued e-fapiao (PDF or OFD) with its number; the member downloads it. */
export function FapiaoModal({
  order,
  open,
  onClose,
}: {
  order: ManageOrderDetail;
  open: boolean;
  onClose: () => void;
}) {
  const mutation = useAttachFapiao(order.id);
  const [form] = Form.useForm<{ number: string }>();
  const [file, setFile] = useState<File | null>(null);
  const { message } = App.useApp();
  return (
    <Modal
      title="上传电子发票"
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={mutation.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ number: order.invoiceNumber || undefined }}
        onFinish={(v) => {
          if (!file) {
            void message.error('请选择发票文件（PDF 或 OFD）');
            return;
          }
          mutation.mutate(
            { number: v.number.trim(), file },
            {
              // A refusal is shown by the request client and keeps the dialog open.
              onSuccess: () => {
                setFile(null);
                onClose();
              },
            },
          );
        }}
      >
        <Form.Item
          name="number"
          label="发票号码"
          rules={[{ required: true, whitespace: true, message: '请输入发票号码' }]}
        >
          <Input />
        </Form.Item>
        <Form.Item label="发票文件" required extra="开具的电子发票，PDF 或 OFD 格式，最大 10 MB">
          <Upload
            accept=".pdf,.ofd,application/pdf"
            maxCount={1}
            beforeUpload={(f) => {
              setFile(f);
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <Button icon={<UploadOutlined />}>选择文件</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}
