import { lazy, Suspense, useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PAY_TYPE_LABEL, PayType } from '@labshop/shared';
import type { OrderDetail, PaymentStart } from '@labshop/shared/schemas';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Price } from '@/components/ui/price';
import { Spinner } from '@/components/ui/spinner';
import { awaitsApproval, PENDING_APPROVAL_NOTE, type OrgOrderFacts } from '@/lib/order/approval';
import { toastSuccess } from '@/lib/toast';
import { usePayMethods } from '../../api/get-pay-methods';
import { usePaymentInfo } from '../../api/get-payment-info';
import { usePayOrder } from '../../api/pay-order';
import { useCountdown } from '../../hooks/use-countdown';
import { awaitsPayment, formatLeft, payDevice } from '../../lib/payment';
import { BankTransferCard } from './bank-transfer-card';

// The QR encoder loads only when a WeChat code is shown.
const WechatQr = lazy(() => import('./wechat-qr'));

type PayableOrder = Pick<
  OrderDetail,
  'id' | 'number' | 'amount' | 'status' | 'payStatus' | 'payType' | 'bankTransfer'
> &
  OrgOrderFacts;

/** Where the buyer's browser goes for WeChat H5 and Alipay; WeChat H5 is told where to return. */
function redirectTarget(start: PaymentStart, orderId: number): string {
  const url = start.redirectUrl ?? '';
  if (start.payType !== PayType.WECHAT) return url;
  const back = `${window.location.origin}/pay/return?orderId=${orderId}`;
  return `${url}${url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(back)}`;
}

/**
 * How to pay an unpaid order: the button of its pay type (again after an abandoned attempt),
 * the other pay types the shop offers, the QR code or bank details, and the time left.
 */
export function PayPanel({ order, onPaid }: { order: PayableOrder; onPaid?: () => void }) {
  const qc = useQueryClient();
  const methods = usePayMethods();
  const info = usePaymentInfo(order.id);
  const pay = usePayOrder();
  const [qr, setQr] = useState<PaymentStart | null>(null);
  const [askBalance, setAskBalance] = useState(false);
  const deadline = info.data?.deadline ?? null;
  const left = useCountdown(deadline);

  const paid = useCallback(() => {
    void qc.invalidateQueries({ queryKey: ['orders'] });
    onPaid?.();
  }, [qc, onPaid]);

  if (!awaitsPayment(order)) return null;
  if (order.amount === null) {
    return (
      <section
        className="rounded border border-amber-200 bg-amber-50 p-4 text-sm text-amber-800"
        data-testid="pay-panel"
      >
        订单含询价商品，价格待确认：客服会先为订单报价，确认金额后即可在此付款。
      </section>
    );
  }

  const start = (payType: number) => {
    setQr(null);
    pay.mutate(
      { id: order.id, payType, device: payDevice() },
      {
        onSuccess: (s) => {
          if (s.paid) {
            toastSuccess('支付成功');
            paid();
          } else if (s.codeUrl) setQr(s);
          else if (s.redirectUrl) window.location.assign(redirectTarget(s, order.id));
        },
        onSettled: () => setAskBalance(false),
      },
    );
  };

  const offered = methods.data?.payTypes ?? [];
  // The server refuses to pay a pending order too (订单待审批); the buttons say why first.
  const waiting = awaitsApproval(order);
  const choose = (t: number) => (t === PayType.BALANCE ? setAskBalance(true) : start(t));
  const current = offered.includes(order.payType) ? order.payType : null;
  const others = offered.filter((t) => t !== current);

  return (
    <section
      className="flex flex-col gap-3 rounded border border-orange-200 bg-white p-4 text-sm"
      data-testid="pay-panel"
    >
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h2 className="font-semibold text-gray-900">待支付</h2>
        <span>
          应付金额 <Price value={order.amount} className="text-lg font-semibold text-orange-600" />
        </span>
        {left !== null && (
          <span className="text-gray-500" data-testid="pay-countdown">
            {left > 0 ? `剩余支付时间 ${formatLeft(left)}` : '已超过支付期限，订单即将关闭'}
          </span>
        )}
      </div>

      {order.payType === PayType.BANK_TRANSFER && order.bankTransfer && (
        <BankTransferCard bank={order.bankTransfer} deadline={deadline} />
      )}

      {qr && (
        <Suspense fallback={<Spinner />}>
          <WechatQr start={qr} orderId={order.id} onPaid={paid} />
        </Suspense>
      )}

      {waiting && (
        <p className="text-orange-600" data-testid="pay-blocked">
          {PENDING_APPROVAL_NOTE}
        </p>
      )}

      {methods.isPending ? (
        <Spinner />
      ) : (
        <div className="flex flex-wrap gap-2">
          {current !== null && current !== PayType.BANK_TRANSFER && (
            <Button
              onClick={() => choose(current)}
              disabled={waiting}
              title={waiting ? PENDING_APPROVAL_NOTE : undefined}
              loading={pay.isPending && pay.variables.payType === current}
            >
              {qr ? '刷新二维码' : `${PAY_TYPE_LABEL[current]}付款`}
            </Button>
          )}
          {others.map((t) => (
            <Button
              key={t}
              variant="outline"
              onClick={() => choose(t)}
              disabled={waiting}
              title={waiting ? PENDING_APPROVAL_NOTE : undefined}
              loading={pay.isPending && pay.variables.payType === t}
            >
              {current === null ? PAY_TYPE_LABEL[t] : `改用${PAY_TYPE_LABEL[t]}`}
            </Button>
          ))}
        </div>
      )}

      <ConfirmDialog
        open={askBalance}
        message={`确定使用账户余额支付 ¥${order.amount.toFixed(2)}？`}
        loading={pay.isPending}
        onConfirm={() => start(PayType.BALANCE)}
        onCancel={() => setAskBalance(false)}
      />
    </section>
  );
}
