import { useState } from 'react';
import { App, Button, Space, Typography } from 'antd';
import { useBulkOnSale } from '../api/bulk-products';
import { BulkPriceModal } from './bulk-price-modal';

/** The product list's actions on its selected rows (docs/console.md, "Bulk actions"). */
export function ProductBulkBar({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const { message, modal } = App.useApp();
  const onSale = useBulkOnSale();
  const [pricing, setPricing] = useState(false);
  const none = ids.length === 0;

  const askOnSale = (value: boolean) => {
    const verb = value ? '上架' : '下架';
    void modal.confirm({
      title: `批量${verb}`,
      content: `将所选 ${ids.length} 个商品${verb}？`,
      okText: `确定${verb}`,
      cancelText: '取消',
      onOk: async () => {
        const { changed } = await onSale.mutateAsync({ ids, onSale: value });
        void message.success(`已${verb} ${changed} 个商品`);
        onDone();
      },
    });
  };

  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Typography.Text type="secondary">已选 {ids.length} 个商品</Typography.Text>
      <Button disabled={none} onClick={() => askOnSale(true)}>
        批量上架
      </Button>
      <Button disabled={none} onClick={() => askOnSale(false)}>
        批量下架
      </Button>
      <Button disabled={none} onClick={() => setPricing(true)}>
        批量改价
      </Button>
      <BulkPriceModal
        ids={ids}
        open={pricing}
        onClose={(changed) => {
          setPricing(false);
          if (changed) onDone();
        }}
      />
    </Space>
  );
}
