import { useState } from 'react';
import { Alert, Button, Card, Progress, Space, Table, Tag, Upload, message } from 'antd';
import type { ImportResult } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { useImportProducts } from '../api/import-products';

const ACTION: Record<string, { label: string; color: string }> = {
  created: { label: '新增', color: 'green' },
  updated: { label: '更新', color: 'blue' },
  unchanged: { label: '不变', color: 'default' },
  failed: { label: '有误', color: 'red' },
};

export default function ImportPage() {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<{
    dryRun: boolean;
    ok: boolean;
    msg: string;
    result: ImportResult;
  } | null>(null);
  const importer = useImportProducts();

  const run = async (dryRun: boolean) => {
    if (!file) return;
    const res = await importer.mutateAsync({ file, dryRun });
    setReport({ dryRun, ok: res.ok, msg: res.msg, result: res.data });
    if (!dryRun && res.ok) void message.success('导入完成');
  };

  const download = (path: string, format: 'csv' | 'xlsx', name: string) =>
    void api.download(path, { format }, `${name}.${format}`);

  const result = report?.result;
  const canImport = report?.dryRun === true && result?.failed.length === 0;
  return (
    <Card title="导入与导出">
      <Space wrap style={{ marginBottom: 16 }}>
        <Button onClick={() => download('/manage/v1/products/template', 'xlsx', '商品导入模板')}>
          下载模板（XLSX）
        </Button>
        <Button onClick={() => download('/manage/v1/products/template', 'csv', '商品导入模板')}>
          下载模板（CSV）
        </Button>
        <Button onClick={() => download('/manage/v1/products/export', 'xlsx', '商品目录')}>
          导出全部（XLSX）
        </Button>
        <Button onClick={() => download('/manage/v1/products/export', 'csv', '商品目录')}>
          导出全部（CSV）
        </Button>
      </Space>
      <Space style={{ marginBottom: 16 }}>
        <Upload
          accept=".csv,.xlsx"
          maxCount={1}
          beforeUpload={(f) => {
            setFile(f);
            setReport(null);
            return false;
          }}
          onRemove={() => {
            setFile(null);
            setReport(null);
          }}
        >
          <Button>选择 CSV / XLSX 文件</Button>
        </Upload>
        <Button disabled={!file} loading={importer.isPending} onClick={() => void run(true)}>
          试导入
        </Button>
        <Button
          type="primary"
          disabled={!canImport}
          loading={importer.isPending}
          onClick={() => void run(false)}
        >
          确认导入
        </Button>
      </Space>
      {importer.isPending && <Progress percent={99} status="active" showInfo={false} />}
      {report && result && (
        <>
          <Alert
            style={{ marginBottom: 16 }}
            type={report.ok && result.failed.length === 0 ? 'success' : 'error'}
            message={report.msg}
            description={`新增 ${result.created} 行，更新 ${result.updated} 行，不变 ${result.unchanged} 行，有误 ${result.failed.length} 行`}
            data-testid="import-summary"
          />
          <Table
            rowKey="row"
            size="small"
            dataSource={result.rows}
            pagination={{ pageSize: 50 }}
            columns={[
              { title: '行号', dataIndex: 'row' },
              { title: '货号', dataIndex: 'number' },
              { title: '包装', dataIndex: 'pack' },
              {
                title: '结果',
                dataIndex: 'action',
                render: (a: string) => <Tag color={ACTION[a]?.color}>{ACTION[a]?.label ?? a}</Tag>,
              },
              { title: '原因', dataIndex: 'msg' },
            ]}
          />
        </>
      )}
    </Card>
  );
}
