import { useState } from 'react';
import type { Dayjs } from 'dayjs';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import {
  SDS_LANGUAGE_LABEL,
  SDS_LANGUAGES,
  formatDate,
  formatDateTime,
  type SdsLanguage,
} from '@labshop/shared';
import { sdsVersionField, type ManageSds } from '@labshop/shared/schemas';
import { zodRule } from '@/lib/zod-rule';
import { downloadSds, useProductSds, useUploadSds } from '../api/product-sds';

interface UploadValues {
  language: SdsLanguage;
  version: string;
  revisedAt: Dayjs | undefined;
}

/**
 * The product's safety data sheets (docs/safety.md): every version stored, the current one per
 * language marked, and the upload of a new version, which supersedes the current one at once.
 * A hazardous product without a Chinese sheet is flagged, as the dashboard and the product list
 * flag it.
 */
export function SdsSection({
  productId,
  number,
  hazardous,
}: {
  productId: number | null;
  number: string;
  hazardous: boolean;
}) {
  return (
    <Card
      size="small"
      title="安全技术说明书（SDS）"
      style={{ marginTop: 16 }}
      data-testid="sds-section"
    >
      {productId === null ? (
        <Typography.Text type="secondary">保存商品后可上传安全技术说明书。</Typography.Text>
      ) : (
        <SdsVersions productId={productId} number={number} hazardous={hazardous} />
      )}
    </Card>
  );
}

function SdsVersions({
  productId,
  number,
  hazardous,
}: {
  productId: number;
  number: string;
  hazardous: boolean;
}) {
  const { message } = App.useApp();
  const sheets = useProductSds(productId);
  const upload = useUploadSds(productId);
  const [form] = Form.useForm<UploadValues>();
  const [file, setFile] = useState<File | null>(null);
  const rows = sheets.data ?? [];
  const missingChinese = hazardous && !sheets.isPending && !rows.some((s) => s.language === 'zh');

  const submit = (v: UploadValues) => {
    if (!file) return void message.error('请选择 PDF 文件');
    if (!v.revisedAt) return void message.error('请选择修订日期');
    upload.mutate(
      { file, language: v.language, version: v.version.trim(), revisedAt: v.revisedAt.valueOf() },
      {
        onSuccess: () => {
          void message.success('安全技术说明书已上传');
          form.resetFields();
          setFile(null);
        },
      },
    );
  };

  return (
    <>
      {missingChinese && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message="危险品须随货提供中文安全技术说明书，请上传中文 SDS"
        />
      )}
      <Table<ManageSds>
        size="small"
        rowKey="id"
        pagination={false}
        loading={sheets.isPending}
        dataSource={rows}
        locale={{ emptyText: '尚未上传安全技术说明书' }}
        columns={[
          {
            title: '语言',
            dataIndex: 'language',
            render: (l: SdsLanguage) => SDS_LANGUAGE_LABEL[l],
          },
          { title: '版本', dataIndex: 'version' },
          { title: '修订日期', dataIndex: 'revisedAt', render: (t: number) => formatDate(t) },
          { title: '上传时间', dataIndex: 'createTime', render: (t: number) => formatDateTime(t) },
          {
            title: '上传人',
            dataIndex: 'staffName',
            // The demo's own sheets were uploaded by nobody.
            render: (name: string) => name || '—',
          },
          {
            title: '状态',
            dataIndex: 'current',
            render: (current: boolean) =>
              current ? <Tag color="green">当前版本</Tag> : <Tag>已被新版本取代</Tag>,
          },
          {
            title: '操作',
            key: 'download',
            render: (_: unknown, row) => (
              <Button type="link" size="small" onClick={() => void downloadSds(row, number)}>
                下载
              </Button>
            ),
          },
        ]}
      />
      <Form<UploadValues>
        form={form}
        layout="inline"
        style={{ marginTop: 12, rowGap: 8 }}
        initialValues={{ language: 'zh', version: '', revisedAt: undefined }}
        onFinish={submit}
      >
        <Form.Item name="language" label="语言">
          <Select
            style={{ width: 90 }}
            options={SDS_LANGUAGES.map((l) => ({ value: l, label: SDS_LANGUAGE_LABEL[l] }))}
          />
        </Form.Item>
        <Form.Item name="version" label="版本号" rules={[zodRule(sdsVersionField)]}>
          <Input placeholder="如 2.0" style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="revisedAt" label="修订日期">
          <DatePicker format="YYYY-MM-DD" placeholder="YYYY-MM-DD" />
        </Form.Item>
        <Form.Item>
          <Space>
            <Upload
              accept="application/pdf,.pdf"
              maxCount={1}
              fileList={file ? [{ uid: 'sds', name: file.name, status: 'done' }] : []}
              beforeUpload={(f) => {
                setFile(f);
                return false;
              }}
              onRemove={() => setFile(null)}
            >
              <Button>选择 PDF</Button>
            </Upload>
            <Button type="primary" htmlType="submit" loading={upload.isPending}>
              上传新版本
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        新版本上传后立即成为当前版本，商品页面显示当前版本；旧版本仍可按版本号下载。
      </Typography.Paragraph>
    </>
  );
}
