import { useEffect, useMemo } from 'react';
import { renderSVG } from 'uqr';
import { PayStatus } from '@labshop/shared';
import type { PaymentStart } from '@labshop/shared/schemas';
import { Price } from '@/components/ui/price';
import { useOrder } from '../../api/get-order';
import { useCountdown } from '../../hooks/use-countdown';
import { formatLeft } from '../../lib/payment';

/** How often the page asks whether the scanned payment has arrived. */
const POLL_MS = 2000;

/**
 * WeChat Native payment: the code_url as a QR code to scan, with amount, order number and the
 * time left; it polls the order and moves on by itself once the payment has arrived.
 */
export default function WechatQr({
  start,
  orderId,
  onPaid,
}: {
  start: PaymentStart;
  orderId: number;
  onPaid: () => void;
}) {
  const order = useOrder(orderId, POLL_MS);
  const left = useCountdown(start.deadline);
  const svg = useMemo(
    () => (start.codeUrl ? renderSVG(start.codeUrl, { border: 2 }) : ''),
    [start.codeUrl],
  );
  const paid = order.data?.payStatus === PayStatus.PAID;
  useEffect(() => {
    if (paid) onPaid();
  }, [paid, onPaid]);

  return (
    <div
      className="flex flex-col items-center gap-3 rounded border border-gray-200 bg-white p-4 text-sm"
      data-testid="wechat-qr"
    >
      <p className="font-medium text-gray-900">请使用微信扫一扫完成支付</p>
      {paid ? (
        <p className="py-16 text-lg font-semibold text-green-600" data-testid="wechat-paid">
          支付成功
        </p>
      ) : (
        <img
          alt="微信支付二维码"
          width={200}
          height={200}
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          data-code-url={start.codeUrl ?? ''}
        />
      )}
      <dl className="grid grid-cols-[auto_auto] gap-x-3 gap-y-1">
        <dt className="text-gray-500">订单号</dt>
        <dd className="text-gray-900">{start.number}</dd>
        <dt className="text-gray-500">应付金额</dt>
        <dd className="font-semibold text-orange-600">
          <Price value={start.amount} />
        </dd>
        {!paid && left !== null && (
          <>
            <dt className="text-gray-500">剩余时间</dt>
            <dd className="tabular-nums text-gray-900">{left > 0 ? formatLeft(left) : '已超时'}</dd>
          </>
        )}
      </dl>
    </div>
  );
}
