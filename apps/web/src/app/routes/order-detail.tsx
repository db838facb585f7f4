import { Link, useParams } from 'react-router';
import { Empty } from '@/components/ui/empty';
import { Spinner } from '@/components/ui/spinner';
import { useOrder } from '@/features/orders/api/get-order';
import { OrderDetailView } from '@/features/orders/components/order-detail';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { isNotFound, LoadFailed } from '@/components/ui/load-failed';

function Order({ id }: { id: number }) {
  const order = useOrder(id);
  if (order.isPending) return <Spinner />;
  if (order.isError && isNotFound(order.error)) return <Empty text="订单不存在或已无法查看" />;
  if (order.isError) {
    return <LoadFailed onRetry={() => void order.refetch()} retrying={order.isFetching} />;
  }
  return <OrderDetailView order={order.data} />;
}

export default function OrderDetailPage() {
  const raw = useParams().id ?? '';
  const id = Number(raw);
  useDocumentMeta('订单详情');
  return (
    <div className="mx-auto max-w-[1266px] px-4 py-6">
      <div className="mb-4 flex items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">订单详情</h1>
        <Link to="/userinfo/2-1" className="text-sm text-primary hover:underline">
          返回我的订单
        </Link>
      </div>
      {Number.isInteger(id) && id > 0 ? <Order id={id} /> : <Empty text="订单不存在或已无法查看" />}
    </div>
  );
}
