import { InvoiceType, OrderStatus } from '@labshop/shared';
import type { OrderDetail } from '@labshop/shared/schemas';
import { Button } from '@/components/ui/button';
import { downloadFile } from '@/lib/download';
import { toastSuccess } from '@/lib/toast';
import { useDeliveries } from '../api/get-deliveries';
import { useFapiaoStatus, useRequestFapiao } from '../api/fapiao';

/**
 * The order's documents for reimbursement (docs/procurement.md section 4): the confirmation,
 * a delivery note per package, the fapiao file, all of them as one ZIP, and a fapiao request
 * when the order was placed without one.
 */
export function OrderDocuments({ order }: { order: OrderDetail }) {
  const base = `/client/v1/user/orders/${order.id}`;
  const shipped = order.status === OrderStatus.SHIPPING || order.status === OrderStatus.COMPLETED;
  const deliveries = useDeliveries(order.id, shipped);
  const fapiao = useFapiaoStatus(order.id);
  const request = useRequestFapiao(order.id);
  const cancelled = order.status === OrderStatus.CANCELLED;
  const canRequest =
    !cancelled &&
    !order.invoiceNumber &&
    order.invoiceType === InvoiceType.NONE &&
    fapiao.data?.request === null;

  return (
    <section className="rounded border border-gray-200 bg-white" data-testid="order-documents">
      <h2 className="border-b border-gray-200 px-4 py-3 font-semibold text-gray-900">单据下载</h2>
      <div className="flex flex-wrap items-center gap-2 p-4 text-sm">
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            void downloadFile(`${base}/documents/confirmation`, `订单确认单-${order.number}.pdf`)
          }
        >
          订单确认单
        </Button>
        {(deliveries.data ?? []).map((d, i) => (
          <Button
            key={d.id}
            size="sm"
            variant="outline"
            onClick={() =>
              void downloadFile(
                `${base}/documents/delivery-note?deliveryId=${d.id}`,
                `送货单-${order.number}-${d.id}.pdf`,
              )
            }
          >
            送货单{(deliveries.data?.length ?? 0) > 1 ? ` ${i + 1}` : ''}
          </Button>
        ))}
        {fapiao.data?.file && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => void downloadFile(`${base}/fapiao`, `发票-${order.invoiceNumber}.pdf`)}
          >
            电子发票
          </Button>
        )}
        <Button
          size="sm"
          onClick={() =>
            void downloadFile(`${base}/documents/reimbursement`, `报销材料-${order.number}.zip`)
          }
        >
          报销材料（ZIP）
        </Button>
        {canRequest && (
          <Button
            size="sm"
            variant="ghost"
            loading={request.isPending}
            onClick={() =>
              request.mutate(undefined, { onSuccess: () => toastSuccess('开票申请已提交') })
            }
          >
            申请开票
          </Button>
        )}
        {fapiao.data?.request && !order.invoiceNumber && (
          <span className="text-gray-500">
            已申请开票（{fapiao.data.request.title}），开具后可在此下载
          </span>
        )}
      </div>
    </section>
  );
}
