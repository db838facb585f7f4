import { Link } from 'react-router';
import { HOTLINE, PAY_TYPE_LABEL, PayType } from '@labshop/shared';
import { Price } from '@/components/ui/price';
import type { OrderCreated } from '../../api/create-order';

function BankTransfer({ bank }: { bank: NonNullable<OrderCreated['bankTransfer']> }) {
  const rows: [string, string][] = [
    ['户名', bank.accountName],
    ['开户银行', bank.bankName],
    ['账号', bank.accountNumber],
    ['转账备注', bank.reference],
  ];
  return (
    <div
      className="rounded border border-primary/30 bg-primary-50 p-4 text-left text-sm"
      data-testid="bank-transfer"
    >
      <p className="mb-2 font-medium text-gray-900">
        请通过银行转账支付，转账时请在附言中填写转账备注：
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-gray-500">{k}</dt>
            <dd className="font-medium break-all text-gray-900">{v}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** How the member pays next, in plain words for each pay type. */
function NextStep({ created }: { created: OrderCreated }) {
  const { order, bankTransfer } = created;
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
    case PayType.BANK_TRANSFER:
      return bankTransfer ? <BankTransfer bank={bankTransfer} /> : null;
    default:
      return (
        <p className="text-sm text-gray-600">
          {PAY_TYPE_LABEL[order.payType]}在线付款暂未开通，请联系客服（{HOTLINE}
          ）完成支付，客服也可为您提供银行转账账户。
        </p>
      );
  }
}

/** Shown after the order is placed: number, amount, and how to pay. */
export function OrderSuccess({ created }: { created: OrderCreated }) {
  const { order } = created;
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
      <NextStep created={created} />
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
