import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { PayStatus } from '@labshop/shared';
import { Spinner } from '@/components/ui/spinner';
import { useQueryPayment } from '@/features/orders/api/query-payment';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { toastSuccess } from '@/lib/toast';

/** Times the page asks the gateway (2 s apart) before it tells the buyer to check later. */
const TRIES = 5;
const GAP_MS = 2000;

/**
 * Where the gateway sends the buyer back: the shop asks the gateway about the payment (the
 * notification may not have arrived yet) and goes on to the order once it is paid.
 */
function PayReturn({ orderId }: { orderId: number }) {
  const navigate = useNavigate();
  const query = useQueryPayment();
  const [tries, setTries] = useState(0);
  const asked = useRef(-1);
  const paid = query.data?.payStatus === PayStatus.PAID;

  useEffect(() => {
    if (paid || tries >= TRIES || asked.current === tries) return;
    asked.current = tries;
    const timer = setTimeout(
      () => query.mutate(orderId, { onSettled: () => setTries((n) => n + 1) }),
      tries === 0 ? 0 : GAP_MS,
    );
    return () => clearTimeout(timer);
  }, [paid, tries, orderId, query]);

  useEffect(() => {
    if (!paid) return;
    toastSuccess('支付成功');
    void navigate(`/order/${orderId}`, { replace: true });
  }, [paid, navigate, orderId]);

  return (
    <div
      className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded border border-gray-200 bg-white px-4 py-10 text-center text-sm"
      data-testid="pay-return"
    >
      {paid ? (
        <p className="text-lg font-semibold text-green-600">支付成功</p>
      ) : tries < TRIES ? (
        <>
          <Spinner />
          <p className="text-gray-600">正在确认支付结果，请稍候…</p>
        </>
      ) : (
        <p className="text-gray-600">
          暂未收到付款结果。如已付款，请稍后在订单详情中查看，支付结果以支付渠道通知为准。
        </p>
      )}
      <Link to={`/order/${orderId}`} className="text-primary hover:underline">
        查看订单
      </Link>
    </div>
  );
}

export default function PayReturnPage() {
  const [params] = useSearchParams();
  const raw = params.get('orderId') ?? '';
  const id = Number(raw);
  useDocumentMeta('支付结果');
  return (
    <div className="mx-auto max-w-[1266px] px-4 py-6">
      {Number.isInteger(id) && id > 0 ? (
        <PayReturn orderId={id} />
      ) : (
        <Navigate to="/userinfo/2-1" replace />
      )}
    </div>
  );
}
