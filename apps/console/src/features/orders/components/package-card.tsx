import { Button, Card, Space, Tag, Timeline, Typography } from 'antd';
import { formatDateTime } from '@labshop/shared';
import type { ManageDelivery, ManageOrderDetail } from '@labshop/shared/schemas';
import { usePhoneScreen } from '@/hooks/use-phone-screen';
import { api } from '@/lib/api-client';
import { mayDo, useSession } from '@/lib/session';
import { PackageLines } from './package-lines';

/**
 * One package of the order: carrier and tracking number, its tags (已确认近效期, 已撤销), the
 * warehouse's buttons, its goods lines and tracking. On a phone the buttons sit under the title
 * rather than beside it, where they covered the tracking number.
 */
export function PackageCard({
  order,
  delivery: d,
  index,
  onTrack,
  onCancel,
}: {
  order: ManageOrderDetail;
  delivery: ManageDelivery;
  index: number;
  onTrack: () => void;
  onCancel: () => void;
}) {
  const session = useSession();
  const phone = usePhoneScreen();
  // A cancelled package has no note and takes no tracking records.
  const actions = mayDo(session, 'order.track') && d.cancelledAt === null && (
    <Space size={4} wrap>
      <Button
        size="small"
        onClick={() =>
          void api.download(
            `/manage/v1/orders/${order.id}/deliveries/${d.id}/delivery-note`,
            undefined,
            `送货单-${order.number}-${d.id}.pdf`,
          )
        }
      >
        送货单
      </Button>
      <Button size="small" onClick={onTrack}>
        添加物流记录
      </Button>
      {order.status === 3 && (
        <Button size="small" danger onClick={onCancel}>
          撤销发货
        </Button>
      )}
    </Space>
  );
  return (
    <Card
      size="small"
      type="inner"
      data-testid="console-package"
      title={
        <Space size={8} wrap>
          <span>{`包裹 ${index + 1}：${d.carrier} ${d.trackingNumber}`}</span>
          {d.shortExpiryConfirmed && (
            <Tag color="orange" data-testid="short-expiry-confirmed">
              已确认近效期
            </Tag>
          )}
          {d.cancelledAt !== null && (
            <Tag color="red" data-testid="delivery-cancelled">
              已撤销
            </Tag>
          )}
        </Space>
      }
      extra={phone ? undefined : actions}
    >
      {phone && actions && <div style={{ marginBottom: 12 }}>{actions}</div>}
      {d.cancelledAt !== null && (
        <Typography.Paragraph type="secondary" data-testid="delivery-cancel-reason">
          {`${formatDateTime(d.cancelledAt)} 撤销发货，原因：${d.cancelReason || '--'}；商品已退回原仓库、原批次。`}
        </Typography.Paragraph>
      )}
      <PackageLines lines={d.goods} />
      {d.track.length === 0 ? (
        <Typography.Text type="secondary">暂无物流信息</Typography.Text>
      ) : (
        <Timeline items={d.track.map((t) => ({ content: `${t.ftime} ${t.context}` }))} />
      )}
    </Card>
  );
}
