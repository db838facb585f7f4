import { useState } from 'react';
import { App, Button, Card, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { formatDate } from '@labshop/shared';
import { useUrlFilters } from '@/hooks/use-url-filters';
import {
  fetchPriceList,
  rowsOf,
  usePriceLists,
  useSavePriceList,
  type PriceListSummary,
} from '../api/price-lists';
import { LIST_STATE_LABEL, listState } from '../lib/validity';
import { PriceListForm } from './price-list-form';

/** 失效: the list ends now (its validUntil moves to this moment); its lines are kept. */
function ExpireButton({ list }: { list: PriceListSummary }) {
  const { modal } = App.useApp();
  const save = useSavePriceList(list.id);
  return (
    <Button
      type="link"
      danger
      loading={save.isPending}
      onClick={() =>
        modal.confirm({
          title: `让「${list.name}」立即失效？`,
          content: '失效后该单位按会员价下单，已下的订单不受影响。',
          okText: '失效',
          okButtonProps: { danger: true },
          cancelText: '取消',
          onOk: async () => {
            // The list answers count the lines; the edit sends them all back, so read them first.
            const full = await fetchPriceList(list.id);
            const at = Date.now();
            return save.mutateAsync({
              name: full.name,
              orgIds: full.orgIds,
              // A list not yet begun ends the moment it begins, so its end stays after its start.
              validFrom: Math.min(full.validFrom, at - 1),
              validUntil: at,
              lines: full.lines.map(({ materialId, price, minQuantity }) => ({
                materialId,
                price,
                minQuantity,
              })),
            });
          },
        })
      }
    >
      失效
    </Button>
  );
}

/** 合同价 (docs/contract-prices-credit.md): price lists that give named organizations their own tiered prices. */
export default function PriceListsPage() {
  const { filters, setFilters } = useUrlFilters();
  const page = Number(filters.page ?? 1);
  const size = Number(filters.size ?? 20);
  const lists = usePriceLists({ page, size });
  const { rows, total } = rowsOf(lists.data);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  // In force as of when the lists were read.
  const now = lists.dataUpdatedAt;

  return (
    <Card
      title="合同价"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          新建合同价
        </Button>
      }
    >
      <Table<PriceListSummary>
        rowKey="id"
        loading={lists.isFetching}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: size,
          total,
          onChange: (p, s) => setFilters({ ...filters, page: p, size: s }),
        }}
        columns={[
          { title: '名称', dataIndex: 'name' },
          {
            title: '适用单位',
            key: 'orgs',
            render: (_, r) =>
              (r.orgs ?? []).map((o) => o.name).join('、') || `${r.orgIds.length} 个单位`,
          },
          {
            title: '有效期',
            key: 'validity',
            render: (_, r) => `${formatDate(r.validFrom)} 至 ${formatDate(r.validUntil)}`,
          },
          { title: '行数', dataIndex: 'lineCount' },
          {
            title: '状态',
            key: 'state',
            render: (_, r) => {
              const s = LIST_STATE_LABEL[listState(r, now)];
              return <Tag color={s.color}>{s.text}</Tag>;
            },
          },
          {
            title: '操作',
            key: 'actions',
            render: (_, r) => (
              <>
                <Button type="link" onClick={() => setEditing(r.id)}>
                  编辑
                </Button>
                {listState(r, now) !== 'expired' && <ExpireButton list={r} />}
              </>
            ),
          },
        ]}
      />
      <PriceListForm id={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
