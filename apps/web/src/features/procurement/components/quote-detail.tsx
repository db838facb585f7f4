import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  formatDate,
  formatDateTime,
  INVOICE_TYPE_LABEL,
  InvoiceType,
  PAY_TYPE_LABEL,
} from '@labshop/shared';
import { QUOTE_STATUS_LABEL, type Quote } from '@labshop/shared/schemas';
import { PurposeSection } from '@/components/order/purpose-section';
import { Button } from '@/components/ui/button';
import { Price } from '@/components/ui/price';
import { checkOrder } from '@/lib/order/check-order';
import { orderRequestFields } from '@/lib/order/order-request';
import { purposeProblem, purposesBody, type Purposes } from '@/lib/order/purposes';
import { downloadFile } from '@/lib/download';
import { accountPath, useAddresses, useInvoice } from '@/lib/member';
import { toastError, toastSuccess } from '@/lib/toast';
import { useOrderFromQuote, useQuoteCheck } from '../api/quotes';

/** Pay types a quote order offers: transfer suits a lab's finance office; balance if held. */
const PAY_TYPES = [1, 4];

/** Places the one order of a quoted quote with an address of the book and the invoice data. */
function OrderFromQuote({ quote }: { quote: Quote }) {
  const addresses = useAddresses();
  const invoice = useInvoice();
  const order = useOrderFromQuote(quote.id);
  const navigate = useNavigate();
  const [addressId, setAddressId] = useState<number | null>(null);
  const [payType, setPayType] = useState(1);
  const [remark, setRemark] = useState('');
  const [purposes, setPurposes] = useState<Purposes>({});
  const check = useQuoteCheck(quote);
  const list = addresses.data ?? [];
  const chosen = list.find((a) => a.id === addressId) ?? list.find((a) => a.isDefault) ?? list[0];
  const inv = invoice.data;
  const invoiceType = inv?.invoiceType ?? InvoiceType.NONE;
  // 易制爆 lines ask the buyer's stated use, which the order needs (docs/compliance.md section 3).
  const askUse = new Set((check.data ?? []).filter((c) => c.needsPurpose).map((c) => c.materialId));
  const useLines = quote.lines.filter((l) => askUse.has(l.materialId));

  const submit = () => {
    // The same checks and the same request as the cart's confirm page, so the two cannot drift.
    const problem = checkOrder({
      lineCount: quote.lines.length,
      address: chosen,
      invoice: inv,
      payType,
    });
    if (problem) {
      toastError(problem);
      return;
    }
    const noUse = purposeProblem(useLines, purposes);
    if (noUse) {
      toastError(noUse);
      return;
    }
    if (!chosen || !inv) return;
    // The answer is awaited here rather than in a mutate callback: the refreshed quote is
    // 已下单 and unmounts this form, which would drop the callback and the way to the order.
    // A refusal is toasted by the request client.
    order
      .mutateAsync({
        ...orderRequestFields({ address: chosen, invoice: inv, payType, remark }),
        purposes: purposesBody(useLines, purposes),
      })
      .then(({ order: o }) => {
        toastSuccess('提交成功');
        void navigate(`/order/${o.id}`);
      })
      .catch(() => undefined);
  };

  return (
    <section
      className="rounded border border-gray-200 bg-white p-4 text-sm"
      data-testid="quote-order"
    >
      <h2 className="mb-3 font-semibold text-gray-900">按报价下单</h2>
      {list.length === 0 ? (
        <p className="text-gray-600">
          暂无收货地址，
          <Link
            to={accountPath('1-3', `/quote/${quote.id}`)}
            className="text-primary hover:underline"
          >
            去添加收货地址
          </Link>
        </p>
      ) : (
        <div className="flex flex-col gap-3">
          <label className="flex flex-wrap items-center gap-2">
            <span className="w-20 text-gray-500">收货地址</span>
            <select
              className="min-w-0 flex-1 rounded border border-gray-300 px-2 py-1.5"
              value={chosen?.id}
              onChange={(e) => setAddressId(Number(e.target.value))}
            >
              {list.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name} {a.phone} {a.address}
                </option>
              ))}
            </select>
          </label>
          <p className="flex flex-wrap gap-2">
            <span className="w-20 text-gray-500">发票</span>
            <span>
              {INVOICE_TYPE_LABEL[invoiceType]}
              {invoiceType !== InvoiceType.NONE && inv ? `（${inv.invoiceHeader}）` : ''}
              <Link
                to={accountPath('1-2', `/quote/${quote.id}`)}
                className="ml-2 text-primary hover:underline"
              >
                修改发票信息
              </Link>
            </span>
          </p>
          <fieldset className="flex flex-wrap items-center gap-4">
            <legend className="sr-only">支付方式</legend>
            <span className="w-20 text-gray-500">支付方式</span>
            {PAY_TYPES.map((t) => (
              <label key={t} className="flex items-center gap-1">
                <input
                  type="radio"
                  name="quote-pay-type"
                  checked={payType === t}
                  onChange={() => setPayType(t)}
                />
                {PAY_TYPE_LABEL[t]}
              </label>
            ))}
          </fieldset>
          <label className="flex flex-wrap items-center gap-2">
            <span className="w-20 text-gray-500">订单备注</span>
            <input
              className="min-w-0 flex-1 rounded border border-gray-300 px-2 py-1.5"
              value={remark}
              maxLength={500}
              onChange={(e) => setRemark(e.target.value)}
            />
          </label>
          <PurposeSection lines={useLines} value={purposes} onChange={setPurposes} />
          <div>
            <Button onClick={submit} loading={order.isPending}>
              按报价提交订单
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}

/** One quote: its lines at the quoted prices, the PDF, and the order once quoted and valid. */
export function QuoteDetail({ quote }: { quote: Quote }) {
  // The moment the page opened decides; the server refuses a late order in any case.
  const [openedAt] = useState(() => Date.now());
  const expired = quote.validUntil !== null && quote.validUntil < openedAt;
  return (
    <div className="flex flex-col gap-4" data-testid="quote-detail">
      <section className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded border border-gray-200 bg-white px-4 py-3 text-sm">
        <span>
          报价单号：<strong className="text-gray-900">{quote.number}</strong>
        </span>
        <span className="font-medium text-primary">
          {expired && quote.status === 'quoted' ? '已过期' : QUOTE_STATUS_LABEL[quote.status]}
        </span>
        <span className="text-gray-500">{formatDateTime(quote.createTime)}</span>
        {quote.validUntil !== null && (
          <span className="text-gray-500">有效期至 {formatDate(quote.validUntil)}</span>
        )}
        <Button
          size="sm"
          variant="outline"
          className="ml-auto"
          onClick={() =>
            void downloadFile(`/client/v1/quotes/${quote.id}/pdf`, `报价单-${quote.number}.pdf`)
          }
        >
          下载报价单 PDF
        </Button>
      </section>
      <section className="overflow-x-auto rounded border border-gray-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-gray-50 text-gray-500">
            <tr>
              <th className="px-3 py-2 font-normal">商品</th>
              <th className="px-3 py-2 font-normal">包装</th>
              <th className="px-3 py-2 font-normal">会员价</th>
              <th className="px-3 py-2 font-normal">报价</th>
              <th className="px-3 py-2 font-normal">数量</th>
              <th className="px-3 py-2 text-right font-normal">金额</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {quote.lines.map((l) => (
              <tr key={l.id}>
                <td className="px-3 py-2">
                  {l.name} <span className="text-gray-400">{l.number}</span>
                </td>
                <td className="px-3 py-2">{l.pack}</td>
                <td className="px-3 py-2 text-gray-500">
                  {l.listPrice === null ? '询价' : <Price value={l.listPrice} />}
                </td>
                <td className="px-3 py-2">
                  {l.unitPrice === null ? '待报价' : <Price value={l.unitPrice} />}
                </td>
                <td className="px-3 py-2">{l.quantity}</td>
                <td className="px-3 py-2 text-right">
                  {l.amount === null ? '--' : <Price value={l.amount} />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {quote.amount !== null && (
          <p className="border-t border-gray-100 px-3 py-2 text-right text-sm">
            商品 <Price value={quote.goodsAmount} /> + 运费 <Price value={quote.freight} /> ={' '}
            <strong className="text-lg text-orange-600" data-testid="quote-amount">
              <Price value={quote.amount} />
            </strong>
          </p>
        )}
      </section>
      {quote.staffRemark && (
        <p className="rounded border border-gray-200 bg-white px-4 py-3 text-sm">
          报价备注：{quote.staffRemark}
        </p>
      )}
      {quote.status === 'requested' && (
        <p className="text-sm text-gray-600">客服正在为您报价，报价后可在此下载报价单并下单。</p>
      )}
      {quote.status === 'quoted' && !expired && <OrderFromQuote quote={quote} />}
      {quote.status === 'quoted' && expired && (
        <p className="text-sm text-red-600">报价单已过期，请重新询价。</p>
      )}
      {quote.orderId !== null && (
        <Link to={`/order/${quote.orderId}`} className="text-sm text-primary hover:underline">
          查看报价生成的订单
        </Link>
      )}
    </div>
  );
}
