import { useState } from 'react';
import { Alert, App, Button, Card, Progress, Space, Table, Tag, Upload } from 'antd';
import type { ImportProgress, ImportResult } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { useImportProducts } from '../api/import-products';
import { SdsImportCard } from './sds-import-card';

/**
 * The report's counts: what was written after an import, what the rows would do after a dry run
 * or a refused import (which write nothing, so their written counts are 0).
 */
function summaryOf(r: ImportResult): string {
  const failed = `有误 ${r.failed.length} 行`;
  if (r.created + r.updated + r.unchanged > 0) {
    return `新增 ${r.created} 行，更新 ${r.updated} 行，不变 ${r.unchanged} 行，${failed}`;
  }
  return `未保存：将新增 ${r.wouldCreate} 行，将更新 ${r.wouldUpdate} 行，不变 ${r.wouldLeaveUnchanged} 行，${failed}`;
}

const ACTION: Record<string, { label: string; color: string }> = {
  created: { label: '新增', color: 'green' },
  updated: { label: '更新', color: 'blue' },
  unchanged: { label: '不变', color: 'default' },
  failed: { label: '有误', color: 'red' },
};

const PHASE: Record<ImportProgress['phase'], string> = {
  check: '检查',
  write: '写入',
  index: '更新搜索索引',
};

/**
 * Rows checked, then written, as the server reports them; until the first report, uploading.
 * After the import the last row count stays, so staff see how far it went.
 */
function ImportProgressBar({
  progress,
  running,
}: {
  progress: ImportProgress | null;
  running: boolean;
}) {
  if (!progress) return <Progress percent={0} status="active" format={() => '上传中'} />;
  const percent = Math.floor((progress.processed / Math.max(progress.total, 1)) * 100);
  const indexing = running && progress.phase === 'index';
  const phase = progress.phase === 'index' ? 'write' : progress.phase;
  return (
    <Progress
      style={{ marginBottom: 16 }}
      percent={percent}
      status={running ? 'active' : 'normal'}
      data-testid="import-progress"
      format={() =>
        indexing ? PHASE.index : `${PHASE[phase]} ${progress.processed} / ${progress.total} 行`
      }
    />
  );
}

export default function ImportPage() {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<{
    dryRun: boolean;
    ok: boolean;
    msg: string;
    result: ImportResult;
  } | null>(null);
  const importer = useImportProducts();
  const { message } = App.useApp();

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
            importer.clearProgress();
            return false;
          }}
          onRemove={() => {
            setFile(null);
            setReport(null);
            importer.clearProgress();
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
      {(importer.isPending || importer.progress) && (
        <ImportProgressBar progress={importer.progress} running={importer.isPending} />
      )}
      {report && result && (
        <>
          <Alert
            style={{ marginBottom: 16 }}
            type={report.ok && result.failed.length === 0 ? 'success' : 'error'}
            message={report.msg}
            description={summaryOf(result)}
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
      <SdsImportCard />
    </Card>
  );
}
