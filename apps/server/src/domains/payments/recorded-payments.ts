import { toYuan } from '@labshop/shared';
import type { BankTransferView, ManageOrderDetail } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import type { NewRow } from '../../db/schema.ts';
import * as transfers from './bank-transfers.repository.ts';
import * as recorded from './recorded-payments.repository.ts';

export { PAYMENT_RECEIVED, PAYMENT_REFUNDED } from './recorded-payments.repository.ts';

/*
 * Money staff record against orders (docs/payments.md, "Bank transfers"): a received transfer
 * (kind 1) or the refund a cancel gave back (kind 2), each an `order_payments` row, and a bank
 * transfer that paid several orders at once, stored once.
 */

/** Records money received for, or given back from, an order. */
export const recordOrderPayment = (trx: Db, row: NewRow<'orderPayments'>): Promise<void> =>
  recorded.insertPayment(trx, row);

/** Stores one received bank transfer (合并确认收款); answers its id. */
export const recordBankTransferRow = (trx: Db, row: NewRow<'bankTransfers'>): Promise<number> =>
  transfers.insertBankTransfer(trx, row);

/** The transfers by id, each with every order it paid: an order's detail names its siblings. */
export async function transferViews(db: Db, ids: number[]): Promise<Map<number, BankTransferView>> {
  const unique = [...new Set(ids)];
  const [rows, paid] = await Promise.all([
    transfers.bankTransfersByIds(db, unique),
    transfers.ordersOfTransfers(db, unique),
  ]);
  return new Map(
    rows.map((t) => [
      t.id,
      {
        id: t.id,
        amount: toYuan(t.amount),
        reference: t.reference,
        payer: t.payer,
        orders: paid
          .filter((p) => p.bankTransferId === t.id)
          .map((p) => ({ id: p.id, number: p.number, amount: toYuan(p.amount) })),
      },
    ]),
  );
}

/** The money staff recorded against the order, as the console's order detail lists it. */
export async function recordedPaymentsOf(
  db: Db,
  orderId: number,
): Promise<ManageOrderDetail['payments']> {
  const payments = await recorded.paymentsOfOrder(db, orderId);
  const views = await transferViews(
    db,
    payments.flatMap((p) => (p.bankTransferId ? [p.bankTransferId] : [])),
  );
  return payments.map((p) => ({
    id: p.id,
    kind: p.kind,
    payType: p.payType,
    amount: toYuan(p.amount),
    reference: p.reference,
    staff: p.staffName ?? `#${p.staffId}`,
    createTime: p.createdAt,
    override: p.override === 1,
    overrideReason: p.overrideReason,
    transfer: (p.bankTransferId && views.get(p.bankTransferId)) || null,
  }));
}
