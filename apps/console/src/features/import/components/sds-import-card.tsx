import { useState } from 'react';
import type { Dayjs } from 'dayjs';
import { Alert, Button, Card, DatePicker, Form, Input, Table, Tag, Typography, Upload } from 'antd';
import { SDS_LANGUAGE_LABEL } from '@labshop/shared';
import { sdsVersionField, type SdsImportResult } from '@labshop/shared/schemas';
import { zodRule } from '@/lib/zod-rule';
import { useImportSds } from '../api/import-sds';

interface Values {
  version: string;
  revisedAt: Dayjs | undefined;
}

/**
 * Safety data sheets by item number in bulk (docs/safety.md, "Bulk upload"): a zip of
 * `<货号>.pdf` (Chinese) and `<货号>-en.pdf` (English), all with the version and revision date
 * given here; each stored file becomes its product's current sheet, and every file the shop
 * did not store is listed with its reason.
 */
export function SdsImportCard() {
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<{ msg: string; result: SdsImportResult } | null>(null);
  const [problem, setProblem] = useState('');
  const importer = useImportSds();

  const submit = (v: Values) => {
    if (!file) return setProblem('请选择 ZIP 压缩包');
    if (!v.revisedAt) return setProblem('请选择修订日期');
    setProblem('');
    importer.mutate(
      { file, version: v.version.trim(), revisedAt: v.revisedAt.valueOf() },
      { onSuccess: setReport },
    );
  };

  const rows = report
    ? [
        ...report.result.imported.map((i) => ({
          file: i.file,
          ok: true,
          msg: `${i.name}（${i.number}）${SDS_LANGUAGE_LABEL[i.language]}`,
        })),
        ...report.result.failed.map((f) => ({ file: f.file, ok: false, msg: f.msg })),
      ]
    : [];
  return (
    <Card
      type="inner"
      title="批量上传安全技术说明书（SDS）"
      style={{ marginTop: 24 }}
      data-testid="sds-import"
    >
      <Typography.Paragraph type="secondary">
        将 PDF 按货号命名后打包为
        ZIP：中文版为“货号.pdf”，英文版为“货号-en.pdf”。每个文件成为该商品该语言的新版本（当前版本），旧版本仍可按版本号下载。单个文件最大
        20 MB。
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="inline"
        style={{ rowGap: 8, marginBottom: 12 }}
        initialValues={{ version: '', revisedAt: undefined }}
        onFinish={submit}
      >
        <Form.Item name="version" label="版本号" rules={[zodRule(sdsVersionField)]}>
          <Input placeholder="如 2025.1" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="revisedAt" label="修订日期">
          <DatePicker format="YYYY-MM-DD" placeholder="YYYY-MM-DD" />
        </Form.Item>
        <Form.Item>
          <Upload
            accept=".zip,application/zip"
            maxCount={1}
            fileList={file ? [{ uid: 'zip', name: file.name, status: 'done' }] : []}
            beforeUpload={(f) => {
              setFile(f);
              setReport(null);
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <Button>选择 ZIP 文件</Button>
          </Upload>
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={importer.isPending}>
            上传
          </Button>
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} />}
      {report && (
        <>
          <Alert
            style={{ marginBottom: 12 }}
            type={report.result.failed.length === 0 ? 'success' : 'warning'}
            message={report.msg}
            data-testid="sds-import-summary"
          />
          <Table
            rowKey="file"
            size="small"
            dataSource={rows}
            pagination={{ pageSize: 50 }}
            columns={[
              { title: '文件', dataIndex: 'file' },
              {
                title: '结果',
                dataIndex: 'ok',
                render: (ok: boolean) =>
                  ok ? <Tag color="green">已上传</Tag> : <Tag color="red">未上传</Tag>,
              },
              { title: '商品 / 原因', dataIndex: 'msg' },
            ]}
          />
        </>
      )}
    </Card>
  );
}
