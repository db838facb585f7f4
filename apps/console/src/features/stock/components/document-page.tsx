import { Link, useParams } from 'react-router';
import { Button, Card, Descriptions, Result, Space, Spin, Table } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { formatDateTime } from '@labshop/shared';
import type { StockDocument } from '@labshop/shared/schemas';
import { ExpiryCell } from '@/components/expiry-tag';
import { api } from '@/lib/api-client';
import { useStockDocument } from '../api/get-stock-document';
import { DOCUMENT_KIND_LABEL, documentName, lotLink } from '../lib/labels';

type DocumentLine = StockDocument['lines'][number];

/** One receipt, transfer or stocktake with the movements it wrote, and its printable PDF. */
export default function DocumentPage() {
  const id = Number(useParams().id);
  const doc = useStockDocument(id);

  if (doc.isPending && doc.fetchStatus !== 'idle') return <Spin />;
  if (!doc.data)
    return (
      <Result
        status="404"
        title="单据不存在"
        extra={<Link to="/stock/documents">返回库存单据</Link>}
      />
    );
  const d = doc.data;
  const kind = DOCUMENT_KIND_LABEL[d.kind];
  const name = documentName(d.kind, d.id);

  return (
    <Card
      title={
        <Space wrap>
          <Link to="/stock/documents">库存单据</Link>/
          <span data-testid="document-name">{name}</span>
        </Space>
      }
      extra={
        <Button
          icon={<PrinterOutlined />}
          onClick={() =>
            void api.download(
              `/manage/v1/stock/documents/${d.id}/pdf`,
              undefined,
              `${kind}-${d.id}.pdf`,
            )
          }
        >
          打印{kind}
        </Button>
      }
    >
      <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label={d.kind === 'transfer' ? '调出仓库' : '仓库'}>
          {d.storeName}
        </Descriptions.Item>
        {d.kind === 'transfer' && (
          <Descriptions.Item label="调入仓库">{d.toStoreName ?? '--'}</Descriptions.Item>
        )}
        {d.kind === 'receipt' && (
          <Descriptions.Item label="供应商">{d.supplier || '--'}</Descriptions.Item>
        )}
        <Descriptions.Item label="经办人">{d.staff}</Descriptions.Item>
        <Descriptions.Item label="时间">{formatDateTime(d.createTime)}</Descriptions.Item>
        <Descriptions.Item label={d.kind === 'stocktake' ? '盘点说明' : '备注'}>
          {d.remark || '--'}
        </Descriptions.Item>
      </Descriptions>
      <Table<DocumentLine>
        rowKey={(l) => `${l.materialId}|${l.lotNumber}|${l.storeName}|${l.change}`}
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={d.lines}
        locale={{ emptyText: d.kind === 'stocktake' ? '盘点无差异' : '暂无明细' }}
        columns={[
          { title: '货号', dataIndex: 'number' },
          { title: '名称', dataIndex: 'name' },
          { title: '规格', dataIndex: 'pack' },
          { title: '仓库', dataIndex: 'storeName' },
          {
            title: '批号',
            render: (_: unknown, l) => (
              <Link to={lotLink(l.materialId, l.lotNumber)}>{l.lotNumber}</Link>
            ),
          },
          {
            title: '有效期至',
            dataIndex: 'expire',
            render: (v: string | null) => <ExpiryCell expire={v} />,
          },
          {
            title: d.kind === 'stocktake' ? '盘盈/盘亏' : '数量',
            dataIndex: 'change',
            render: (v: number) => (v > 0 && d.kind !== 'receipt' ? `+${v}` : v),
          },
        ]}
      />
    </Card>
  );
}
