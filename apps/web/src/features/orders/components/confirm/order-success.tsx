import { useCallback, useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { PAY_TYPE_LABEL, PayType } from '@labshop/shared';
import { Price } from '@/components/ui/price';
import { awaitsApproval } from '@/lib/order/approval';
import type { OrderCreated } from '../../api/create-order';
import { PayPanel } from '../payment/pay-panel';

/** How the member pays next, in plain words for each pay type. */
function NextStep({ created, onPaid }: { created: OrderCreated; onPaid: () => void }) {
  const { order, bankTransfer } = created;
  if (awaitsApproval(order)) {
    return (
      <p className="text-sm text-orange-600" data-testid="order-approval">
        订单待审批：单位审批人审批通过后即可付款，审批结果会通知您。
      </p>
    );
  }
  if (order.amount === null) {
    return (
      <p className="text-sm text-gray-600">
        订单含询价商品，客服确认价格后会与您联系，届时按确认的金额付款即可。
      </p>
    );
  }
  switch (order.payType) {
    case PayType.BALANCE:
      return (
        <p className="text-sm text-gray-600">
          已使用余额支付 <Price value={order.amount} className="font-medium text-gray-900" />
          ，我们会尽快为您发货。
        </p>
      );
    default:
      return (
        <div className="w-full">
          <PayPanel order={{ ...order, bankTransfer }} onPaid={onPaid} />
        </div>
      );
  }
}

/** Shown after the order is placed: number, amount, and how to pay. */
export function OrderSuccess({ created }: { created: OrderCreated }) {
  const { order } = created;
  const navigate = useNavigate();
  // Once paid here (balance, or the WeChat code scanned), the order's own page takes over.
  const onPaid = useCallback(() => void navigate(`/order/${order.id}`), [navigate, order.id]);
  // It replaces the confirm page without a navigation: the member, who clicked 提交订单 at the
  // foot of a long page, would arrive scrolled below this short view, facing blank space.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return (
    <div
      className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded border border-gray-200 bg-white px-4 py-10 text-center"
      data-testid="order-success"
    >
      <span
        className="flex h-14 w-14 items-center justify-center rounded-full bg-primary text-3xl text-white"
        aria-hidden="true"
      >
        ✓
      </span>
      <h1 className="text-xl font-semibold text-gray-900">提交成功</h1>
      <dl className="grid grid-cols-[auto_auto] gap-x-3 gap-y-1 text-sm">
        <dt className="text-gray-500">订单号</dt>
        <dd className="font-medium text-gray-900" data-testid="order-number">
          {order.number}
        </dd>
        <dt className="text-gray-500">应付金额</dt>
        <dd className="font-semibold text-orange-600" data-testid="order-amount">
          {order.amount === null ? '待确认' : <Price value={order.amount} />}
        </dd>
        <dt className="text-gray-500">支付方式</dt>
        <dd>{PAY_TYPE_LABEL[order.payType]}</dd>
      </dl>
      <NextStep created={created} onPaid={onPaid} />
      <div className="flex flex-wrap justify-center gap-3">
        <Link
          to={`/order/${order.id}`}
          className="rounded bg-primary px-4 py-2 text-sm text-white hover:bg-primary-dark"
        >
          查看订单
        </Link>
        <Link
          to="/"
          className="rounded border border-primary px-4 py-2 text-sm text-primary hover:bg-primary-50"
        >
          继续购物
        </Link>
      </div>
    </div>
  );
}
