import type { z } from 'zod';
import { InvoiceType, PayType, type PriceSource } from '@labshop/shared';
import type { orderCreateBody } from '@labshop/shared/schemas';
import type { NewRow } from '../../db/schema.ts';
import type { PackRow } from '../cart/index.ts';
import type { OrderPrice } from './order-pricing.ts';
import type { PlacedOrderRow, PlacingEvent } from './order-state.ts';

export type OrderInput = z.output<typeof orderCreateBody>;
/** The order fields without the cart lines (a quote's order brings its own lines). */
export type OrderFields = Omit<OrderInput, 'cartIds'>;

/** A cart line with the pack it holds, as it is at order time. */
export interface OrderedPack {
  pack: PackRow;
  quantity: number;
  /** Which price pack.userPrice is (docs/contract-prices-credit.md); member when not said. */
  priceSource?: PriceSource;
  /**
   * A price the buyer was already given for the line and pays when it is below today's (a
   * PunchOut cart returned to the buyer's system, docs/punchout.md), with the price it was.
   */
  given?: { price: number; source: PriceSource };
}

/**
 * The order row a checkout stores (its number is drawn on insert; its state is its placing
 * event's, `placingEventOf`). A balance payment is paid at once; anything else waits for its
 * money. Without an invoice (type 3) the
 * invoice fields stay empty whatever was sent.
 */
export function orderRow(
  userId: number,
  input: OrderFields,
  price: OrderPrice,
  at: number,
): Omit<PlacedOrderRow, 'number' | 'transferReference'> {
  const byBalance = input.payType === PayType.BALANCE;
  const invoice = input.invoiceType !== InvoiceType.NONE;
  return {
    userId,
    deliveryUsername: input.deliveryUsername,
    deliveryPhone: input.deliveryPhone,
    deliveryRegionCode: input.deliveryRegionCode,
    deliveryAddress: input.deliveryAddress,
    goodsAmount: price.goodsAmount,
    freight: price.freight,
    amount: price.amount,
    count: price.count,
    payType: input.payType,
    userRemark: input.userRemark,
    invoiceType: input.invoiceType,
    invoiceCompanyName: invoice ? input.invoiceCompanyName : '',
    invoiceTaxpayerIdentificationNumber: invoice ? input.invoiceTaxpayerIdentificationNumber : '',
    invoiceEmail: invoice ? input.invoiceEmail : '',
    invoiceRegisteredAddress: invoice ? input.invoiceRegisteredAddress : '',
    invoiceRegistrationTelephone: invoice ? input.invoiceRegistrationTelephone : '',
    invoiceDepositBank: invoice ? input.invoiceDepositBank : '',
    invoiceBankAccountNumber: invoice ? input.invoiceBankAccountNumber : '',
    paidAt: byBalance ? at : null,
    cancelledAt: null,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * How a checkout's order comes into being: paid from the balance at once, on credit (月结) ready
 * to ship, or waiting for money. A credit order waiting for its organization's approval is
 * placed waiting, and moves to 待发货 when approved (docs/contract-prices-credit.md).
 */
export function placingEventOf(
  input: Pick<OrderFields, 'payType'>,
  awaitsApproval = false,
): PlacingEvent {
  if (input.payType === PayType.BALANCE) return 'place-paid';
  return input.payType === PayType.CREDIT && !awaitsApproval ? 'place-credit' : 'place';
}

const PRICE_SOURCES: readonly PriceSource[] = ['member', 'contract', 'quote'];
/** A line's recorded price source as orders answer it; null on lines stored before 0029. */
export const priceSourceOf = (v: string | null): PriceSource | null =>
  PRICE_SOURCES.find((source) => source === v) ?? null;

/** The order's goods rows: each pack described and priced as it is now, kept with the order. */
export function goodsRows(
  orderId: number,
  goods: readonly OrderedPack[],
  purposes: ReadonlyMap<number, string> = new Map(),
): NewRow<'orderGoods'>[] {
  return goods.map(({ pack, quantity, priceSource }) => ({
    purpose: purposes.get(pack.materialId) ?? '',
    orderId,
    productId: pack.productId,
    materialId: pack.materialId,
    name: pack.name,
    number: pack.number,
    brandName: pack.brandName ?? '',
    cas: pack.cas,
    pack: pack.pack,
    image: pack.image,
    price: pack.userPrice,
    quantityPurchase: quantity,
    priceSource: priceSource ?? 'member',
  }));
}
