import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { usePunchoutSession } from '@/lib/punchout';
import { InvoiceType, LIMITS, PayType, holderKey } from '@labshop/shared';
import { RefusedLines } from '@/components/compliance/refused-lines';
import { AddressDialog } from '@/components/member/address-dialog';
import { Button } from '@/components/ui/button';
import { PurposeSection } from '@/components/order/purpose-section';
import { Empty } from '@/components/ui/empty';
import { Textarea } from '@/components/ui/input';
import { Price } from '@/components/ui/price';
import { Spinner } from '@/components/ui/spinner';
import { useComplianceCheck } from '@/features/cart/api/check-compliance';
import { checkedOrgOf, refusedLinesOf } from '@/features/cart/lib/refused-lines';
import { goodsTotal } from '@/features/cart/lib/totals';
import { useQualifications } from '@/hooks/use-qualifications';
import {
  useCreateOrder,
  type OrderCreated,
  type OrderInput,
} from '@/features/orders/api/create-order';
import { useCheckoutLines } from '@/features/orders/api/get-checkout-lines';
import { usePayMethods } from '@/features/orders/api/get-pay-methods';
import { useOrderPreview } from '@/features/orders/api/preview-order';
import { AddressSection } from '@/features/orders/components/confirm/address-section';
import { CheckoutLines } from '@/features/orders/components/confirm/checkout-lines';
import { InvoiceDialog } from '@/features/orders/components/confirm/invoice-dialog';
import { InvoiceSection } from '@/features/orders/components/confirm/invoice-section';
import {
  PackagePreview,
  previewTotals,
} from '@/features/orders/components/confirm/package-preview';
import { OrderSuccess } from '@/features/orders/components/confirm/order-success';
import { PayTypeSection } from '@/features/orders/components/confirm/pay-type-section';
import { Section } from '@/features/orders/components/confirm/section';
import { useOrgCreditEnabled } from '@/features/organizations/api/credit';
import { useOrgCheckout } from '@/features/organizations/api/org-checkout';
import { useBuyingForOrg } from '@/features/organizations/api/buying-for';
import { BuyerSection, type BuyerChoice } from '@/features/organizations/components/buyer-section';
import { checkOrder } from '@/lib/order/check-order';
import { orderRequestFields } from '@/lib/order/order-request';
import { purposeProblem, purposesBody, type Purposes } from '@/lib/order/purposes';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useAddresses, useInvoice, useUserInfo } from '@/lib/member';
import { readSelectedCartIds, writeSelectedCartIds } from '@/lib/storage';
import { toastError } from '@/lib/toast';
import { LoadFailed } from '@/components/ui/load-failed';

function ConfirmOrder({ ids, onPlaced }: { ids: number[]; onPlaced: (o: OrderCreated) => void }) {
  const lines = useCheckoutLines(ids);
  const addresses = useAddresses();
  const invoice = useInvoice();
  const info = useUserInfo();
  const methods = usePayMethods();
  const create = useCreateOrder();
  const documents = useQualifications();
  const [chosenAddress, setChosenAddress] = useState<number | null>(null);
  const [payType, setPayType] = useState<number | null>(null);
  const [remark, setRemark] = useState('');
  const [purposes, setPurposes] = useState<Purposes>({});
  const [dialog, setDialog] = useState<'address' | 'invoice' | null>(null);
  // 购买身份 is the storefront-wide choice (the header's 采购身份); the 经费卡 is this page's.
  const buyingFor = useBuyingForOrg();
  const [budgetCode, setBudgetCode] = useState('');
  const buyer: BuyerChoice = { orgId: buyingFor.orgId, budgetCode };
  // An organization's order is checked against the organization's documents.
  // 个人 (null) is the member's own documents, whatever else the request names.
  const check = useComplianceCheck(lines.data ?? [], { orgId: buyer.orgId });
  const forOrg = useOrgCheckout(buyer.orgId);
  const creditEnabled = useOrgCreditEnabled(buyer.orgId);
  const book = forOrg.addresses ?? addresses.data ?? [];
  const address =
    book.find((a) => a.id === chosenAddress) ?? book.find((a) => a.isDefault) ?? book[0];
  // Packages and freight as the server will charge them (docs/shipping.md).
  const preview = useOrderPreview(
    (lines.data ?? []).map((l) => l.id),
    address,
    buyer.orgId,
  );

  if (lines.isPending || addresses.isPending || invoice.isPending || methods.isPending) {
    return <Spinner />;
  }
  if (lines.isError || addresses.isError || invoice.isError) {
    const retry = () => {
      for (const q of [lines, addresses, invoice]) if (q.isError) void q.refetch();
    };
    return <LoadFailed onRetry={retry} />;
  }
  if (lines.data.length === 0) return <NothingChosen />;

  const orderInvoice = forOrg.invoice ?? invoice.data;
  // The freight and amount are the preview's only; until it answers (or when it refuses) they
  // read 待确认, never a figure of the browser's (docs/shipping.md, section 3).
  const totals = preview.data
    ? previewTotals(preview.data)
    : { goods: goodsTotal(lines.data), freight: null, payable: null };
  const shopOffers = methods.data?.payTypes ?? [PayType.BANK_TRANSFER, PayType.BALANCE];
  // 月结 is offered only for an organization with credit; the server checks its limit
  // (docs/contract-prices-credit.md).
  const offered = creditEnabled ? [...shopOffers, PayType.CREDIT] : shopOffers;
  // Balance is not offered while the amount is 待确认, nor a gateway switched off; a stale
  // choice of either is dropped.
  const effectivePay =
    (payType === PayType.BALANCE && totals.payable === null) ||
    (payType !== null && !offered.includes(payType))
      ? null
      : payType;

  // Every line the documents do not allow yet, and the order's own refusal, stay on the page
  // until resolved (docs/compliance.md section 6).
  const refused = refusedLinesOf(lines.data, check.data);
  // 易制爆 lines ask the buyer's stated use, which the order needs (docs/compliance.md section 3).
  const askUse = new Set((check.data ?? []).filter((c) => c.needsPurpose).map((c) => c.materialId));
  const useLines = lines.data.filter((l) => askUse.has(l.materialId));
  const orderMessage = create.error?.message;
  const title =
    orderInvoice.invoiceType !== InvoiceType.NONE ? orderInvoice.invoiceHeader.trim() : '';
  const holders = (documents.data ?? [])
    .filter((d) => d.kind === 'business-licence' && d.status === 'approved')
    .map((d) => d.holder);
  // An organization's order is in its name, whatever the invoice title (docs/organizations.md).
  const namesDiffer =
    buyer.orgId === null &&
    title !== '' &&
    holders.length > 0 &&
    !holders.some((h) => holderKey(h) === holderKey(title)) &&
    (refused.length > 0 || orderMessage !== undefined)
      ? { title, holders }
      : undefined;

  const submit = () => {
    const problem = checkOrder({
      lineCount: lines.data.length,
      address,
      invoice: orderInvoice,
      payType: effectivePay,
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
    // checkOrder has refused a missing address or pay type already.
    if (!address || effectivePay === null) return;
    const body: OrderInput = {
      ...orderRequestFields({ address, invoice: orderInvoice, payType: effectivePay, remark }),
      cartIds: lines.data.map((l) => l.id),
      ...(buyer.orgId === null ? {} : { orgId: buyer.orgId, budgetCode: buyer.budgetCode }),
    };
    create.mutate(
      { ...body, purposes: purposesBody(useLines, purposes) },
      {
        onSuccess: (created) => {
          writeSelectedCartIds([]);
          onPlaced(created);
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <BuyerSection
        value={buyer}
        onChange={(choice) => {
          if (choice.orgId !== buyer.orgId) setChosenAddress(null);
          buyingFor.choose(choice.orgId);
          setBudgetCode(choice.budgetCode);
        }}
      />
      <AddressSection
        addresses={book}
        selectedId={address?.id ?? null}
        onSelect={setChosenAddress}
        onAdd={() => setDialog('address')}
      />
      <InvoiceSection
        invoice={orderInvoice}
        onEdit={forOrg.invoice ? undefined : () => setDialog('invoice')}
      />
      <PayTypeSection
        value={effectivePay}
        onChange={setPayType}
        payable={totals.payable}
        balance={info.data?.balance}
        offered={offered}
      />
      <Section title="订单备注">
        <Textarea
          value={remark}
          maxLength={LIMITS.textMax}
          rows={3}
          placeholder="选填，可告诉我们您的特殊要求"
          onChange={(e) => setRemark(e.target.value)}
        />
      </Section>
      <CheckoutLines lines={lines.data} totals={totals} />
      <PackagePreview
        hasAddress={address !== undefined}
        preview={preview.data}
        pending={preview.isPending}
        refusal={preview.error?.message}
      />
      <PurposeSection lines={useLines} value={purposes} onChange={setPurposes} />
      <RefusedLines
        lines={refused}
        orderMessage={orderMessage}
        namesDiffer={namesDiffer}
        org={buyer.orgId === null ? null : checkedOrgOf(check.data)}
      />
      <div className="flex flex-wrap items-center justify-end gap-4 rounded border border-gray-200 bg-white py-3 pr-14 pl-4 md:pr-4">
        <span className="text-sm text-gray-600">
          应付总额：
          <strong className="text-lg text-orange-600">
            {totals.payable === null ? '待确认' : <Price value={totals.payable} />}
          </strong>
        </span>
        <Button size="lg" onClick={submit} loading={create.isPending}>
          提交订单
        </Button>
      </div>

      {dialog === 'address' && (
        <AddressDialog
          address={null}
          title="新增收货地址"
          offerDefault
          onClose={() => setDialog(null)}
          onSaved={(a) => setChosenAddress(a.id)}
        />
      )}
      {dialog === 'invoice' && (
        <InvoiceDialog invoice={invoice.data} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}

function NothingChosen() {
  return (
    <div className="rounded border border-gray-200 bg-white">
      <Empty text="未选择购买商品" />
      <p className="-mt-8 pb-10 text-center text-sm">
        <Link to="/cart" className="text-primary hover:underline">
          返回购物车
        </Link>
      </p>
    </div>
  );
}

export default function ConfirmPage() {
  const [ids] = useState(readSelectedCartIds);
  const [placed, setPlaced] = useState<OrderCreated | null>(null);
  const punchout = usePunchoutSession();
  useDocumentMeta(placed ? '提交成功' : '确认订单');
  // In a PunchOut session the buyer's system places the order (docs/punchout.md).
  if (punchout) return <Navigate to="/cart" replace />;
  return (
    <div className="mx-auto max-w-[1266px] px-4 py-6">
      {placed ? (
        <OrderSuccess created={placed} />
      ) : (
        <>
          <h1 className="mb-4 text-xl font-semibold">确认订单</h1>
          {ids.length === 0 ? <NothingChosen /> : <ConfirmOrder ids={ids} onPlaced={setPlaced} />}
        </>
      )}
    </div>
  );
}
