import { useState } from 'react';
import {
  Button,
  Card,
  DatePicker,
  Input,
  Popconfirm,
  Space,
  Table,
  Tag,
  Upload,
  message,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { coaNamesFromFile, formatDateTime } from '@labshop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { useDeleteCoa } from '../api/delete-coa';
import { useCoaList, type CoaRow } from '../api/get-coa';
import { uploadCoa } from '../api/upload-coa';
import { queryKeys } from '@/lib/query-keys';

interface Pending {
  file: File;
  productNumber: string;
  lotNumber: string;
  status: 'waiting' | 'done' | 'failed';
  msg: string;
}

export default function CoaPage() {
  const { filters, setFilters } = useUrlFilters();
  const list = useCoaList(filters);
  const remove = useDeleteCoa();
  const client = useQueryClient();
  const [pending, setPending] = useState<Pending[]>([]);
  const [number, setNumber] = useState('');
  const [expire, setExpire] = useState<Dayjs | null>(null);
  const [busy, setBusy] = useState(false);

  const add = (file: File) => {
    const names = coaNamesFromFile(file.name);
    setPending((p) => [
      ...p,
      {
        file,
        productNumber: names.productNumber,
        lotNumber: names.lotNumber,
        status: 'waiting',
        msg: '',
      },
    ]);
    return false;
  };

  const send = async () => {
    if (!expire) {
      void message.error('请选择有效期');
      return;
    }
    setBusy(true);
    const next = [...pending];
    for (const [i, p] of next.entries()) {
      if (p.status === 'done') continue;
      try {
        const res = await uploadCoa(p.file, {
          productNumber: p.productNumber || number.trim(),
          lotNumber: p.lotNumber,
          expire: expire.format('YYYY-MM-DD'),
        });
        next[i] = { ...p, status: 'done', msg: res.msg };
      } catch (err) {
        next[i] = { ...p, status: 'failed', msg: (err as Error).message };
      }
      setPending([...next]);
    }
    setBusy(false);
    void client.invalidateQueries({ queryKey: queryKeys.coa });
    // A lot's 证书 有/无 follows its certificate (批次管理).
    void client.invalidateQueries({ queryKey: queryKeys.lots });
  };

  return (
    <Card title="分析证书（COA）">
      <Card size="small" title="上传证书" style={{ marginBottom: 16 }}>
        <Space wrap style={{ marginBottom: 12 }}>
          <Input
            placeholder="商品货号（文件名中没有时）"
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            style={{ width: 240 }}
          />
          <DatePicker placeholder="有效期" value={expire} onChange={setExpire} />
          <Upload accept="application/pdf,.pdf" multiple showUploadList={false} beforeUpload={add}>
            <Button>选择 PDF（可多选）</Button>
          </Upload>
          <Button
            type="primary"
            disabled={pending.length === 0}
            loading={busy}
            onClick={() => void send()}
          >
            上传
          </Button>
        </Space>
        <Table<Pending>
          rowKey={(p) => p.file.name}
          size="small"
          pagination={false}
          dataSource={pending}
          columns={[
            { title: '文件', render: (_: unknown, p) => p.file.name },
            {
              title: '货号',
              render: (_: unknown, p, i) => (
                <Input
                  size="small"
                  value={p.productNumber}
                  placeholder={number}
                  onChange={(e) =>
                    setPending((l) =>
                      l.map((x, j) => (j === i ? { ...x, productNumber: e.target.value } : x)),
                    )
                  }
                />
              ),
            },
            {
              title: '批号',
              render: (_: unknown, p, i) => (
                <Input
                  size="small"
                  aria-label="批号"
                  value={p.lotNumber}
                  onChange={(e) =>
                    setPending((l) =>
                      l.map((x, j) => (j === i ? { ...x, lotNumber: e.target.value } : x)),
                    )
                  }
                />
              ),
            },
            {
              title: '状态',
              render: (_: unknown, p) =>
                p.status === 'done' ? (
                  <Tag color="green">已上传</Tag>
                ) : p.status === 'failed' ? (
                  <Tag color="red">{p.msg}</Tag>
                ) : (
                  <Tag>待上传</Tag>
                ),
            },
          ]}
        />
      </Card>
      <Space style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder="货号"
          allowClear
          defaultValue={filters.productNumber}
          onSearch={(v) => setFilters({ productNumber: v.trim() })}
        />
      </Space>
      <Table<CoaRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        pagination={{
          current: Number(filters.page ?? 1),
          total: list.data?.total ?? 0,
          onChange: (p) => setFilters({ ...filters, page: p }),
        }}
        columns={[
          { title: '货号', dataIndex: 'productNumber' },
          { title: '批号', dataIndex: 'lotNumber' },
          { title: '名称', dataIndex: 'name' },
          { title: '有效期', dataIndex: 'expire' },
          { title: '上传时间', dataIndex: 'createTime', render: (v: number) => formatDateTime(v) },
          {
            title: '操作',
            render: (_: unknown, r) => (
              <Popconfirm title="删除这份证书？" onConfirm={() => remove.mutate(r.id)}>
                <Button size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Card>
  );
}
