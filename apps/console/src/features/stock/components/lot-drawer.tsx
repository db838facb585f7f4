import { Link } from 'react-router';
import {
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Result,
  Space,
  Spin,
  Table,
  Typography,
  Upload,
} from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { formatDateTime } from '@labshop/shared';
import { UNBATCHED_LOT } from '@labshop/shared/schemas';
import { ExpiryCell } from '@/components/expiry-tag';
import { useUploadLotCoa } from '../api/upload-lot-coa';
import { api } from '@/lib/api-client';
import { can, useSession } from '@/lib/session';
import { lotPath, useLot, type LotDetail } from '../api/get-lot';
import { documentName } from '../lib/labels';

type Shipment = LotDetail['shipments'][number];
type Receipt = LotDetail['receipts'][number];

/**
 * One lot: where it is, who received it, which packages shipped it (the recall list, exported
 * as XLSX) and its certificates, with 上传证书 for the certificate of a dated lot.
 */
export function LotDrawer({
  lot,
  onClose,
}: {
  lot: { materialId: number; lotNumber: string } | null;
  onClose: () => void;
}) {
  const detail = useLot(lot);
  const d = detail.data;
  return (
    <Drawer
      title={lot ? `批次 ${lot.lotNumber}` : '批次'}
      open={lot !== null}
      onClose={onClose}
      size="min(820px, 100vw)"
      destroyOnHidden
    >
      {detail.isPending && lot ? (
        <Spin />
      ) : !d ? (
        <Result status="404" title="批次不存在" />
      ) : (
        <LotView lot={d} />
      )}
    </Drawer>
  );
}

function LotView({ lot }: { lot: LotDetail }) {
  const session = useSession();
  const canOrders = can(session, 'orders.view');
  const total = lot.stores.reduce((sum, s) => sum + s.quantity, 0);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
        <Descriptions.Item label="商品" span="filled">
          {lot.name}
        </Descriptions.Item>
        <Descriptions.Item label="货号">{lot.number}</Descriptions.Item>
        <Descriptions.Item label="规格">{lot.pack}</Descriptions.Item>
        <Descriptions.Item label="批号">
          <span data-testid="lot-number">{lot.lotNumber}</span>
        </Descriptions.Item>
        <Descriptions.Item label="有效期至">
          <ExpiryCell expire={lot.expire} always />
        </Descriptions.Item>
      </Descriptions>

      <Card size="small" title={`库存分布（共 ${total}）`}>
        <Table
          size="small"
          rowKey="storeId"
          pagination={false}
          dataSource={lot.stores}
          locale={{ emptyText: '各仓库均无库存' }}
          columns={[
            { title: '仓库', dataIndex: 'storeName' },
            { title: '数量', dataIndex: 'quantity' },
          ]}
        />
      </Card>

      <Card size="small" title="入库记录">
        <Table<Receipt>
          size="small"
          rowKey={(r) => `${r.documentId ?? ''}|${r.createTime}|${r.storeName}`}
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={lot.receipts}
          locale={{ emptyText: '暂无入库记录' }}
          columns={[
            {
              title: '入库单',
              dataIndex: 'documentId',
              render: (id: number | null) =>
                id === null ? (
                  '--'
                ) : (
                  <Link to={`/stock/documents/${id}`}>{documentName('receipt', id)}</Link>
                ),
            },
            { title: '仓库', dataIndex: 'storeName' },
            { title: '供应商', dataIndex: 'supplier', render: (v: string) => v || '--' },
            { title: '数量', dataIndex: 'quantity' },
            { title: '经办人', dataIndex: 'staff' },
            { title: '时间', dataIndex: 'createTime', render: (v: number) => formatDateTime(v) },
          ]}
        />
      </Card>

      <Card
        size="small"
        title={`发货记录（召回清单，${lot.shipments.length} 个包裹）`}
        extra={
          <Button
            size="small"
            icon={<DownloadOutlined />}
            disabled={lot.shipments.length === 0}
            onClick={() =>
              void api.download(
                `${lotPath(lot.materialId, lot.lotNumber)}/recall.xlsx`,
                undefined,
                `召回清单-${lot.number}-${lot.lotNumber}.xlsx`,
              )
            }
          >
            导出召回清单
          </Button>
        }
      >
        <Table<Shipment>
          size="small"
          rowKey="deliveryId"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={lot.shipments}
          locale={{ emptyText: '该批次尚未发货' }}
          columns={[
            {
              title: '订单号',
              dataIndex: 'orderNumber',
              render: (n: string, s) =>
                canOrders ? <Link to={`/orders/${s.orderId}`}>{n}</Link> : n,
            },
            { title: '单位', dataIndex: 'company', render: (v: string) => v || '--' },
            { title: '收货人', dataIndex: 'consignee' },
            { title: '电话', dataIndex: 'phone' },
            { title: '数量', dataIndex: 'quantity' },
            {
              title: '发货时间',
              dataIndex: 'createTime',
              render: (v: number) => formatDateTime(v),
            },
          ]}
        />
      </Card>

      <Card size="small" title="分析证书" extra={<UploadCoa lot={lot} />}>
        {lot.coa.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无该批次的证书" />
        ) : (
          <Space direction="vertical">
            {lot.coa.map((c) => (
              <Typography.Text key={c.id}>
                {c.name}（有效期至 {c.expire}）
              </Typography.Text>
            ))}
          </Space>
        )}
      </Card>
    </Space>
  );
}

/**
 * 上传证书: the certificate of this lot, filed by the server under the lot's item number, lot
 * number and expiry; the warehouse attaches it when the lot comes in. Stock of unknown lot has
 * no certificate of its own.
 */
function UploadCoa({ lot }: { lot: LotDetail }) {
  const { message } = App.useApp();
  const upload = useUploadLotCoa();
  if (lot.expire === null || lot.lotNumber === UNBATCHED_LOT) return null;
  return (
    <Upload
      accept="application/pdf,.pdf"
      showUploadList={false}
      beforeUpload={(file) => {
        upload.mutate(
          { file, materialId: lot.materialId, lotNumber: lot.lotNumber },
          { onSuccess: () => void message.success('证书已上传') },
        );
        return false;
      }}
    >
      <Button size="small" icon={<UploadOutlined />} loading={upload.isPending}>
        上传证书
      </Button>
    </Upload>
  );
}
