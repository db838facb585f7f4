import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, NewRow, Row } from '../../db/schema.ts';

/*
 * The one writer of `orders.status` and `orders.pay_status` (docs/orders.md): order-state.ts
 * says which event may move an order from which state to which, and calls these. A test
 * (apps/server/test/order-state-writers.test.ts) fails on a write of either column anywhere else.
 */

interface State {
  status: number;
  payStatus: number;
}

/** The order's other columns an event may write with its move. */
export type OrderColumns = Partial<Omit<Row<'orders'>, 'id' | 'status' | 'payStatus'>>;

/** A new order's row without its state, which its placing event gives. */
export type PlacedOrderRow = Omit<NewRow<'orders'>, 'status' | 'payStatus'>;

/** What else must still hold of the row when it moves, as the caller read it. */
export interface StateGuard {
  /** The member's own order. */
  userId?: number;
  /** It still owes what was read: staff may have corrected it since (docs/console.md). */
  amount?: number | null;
  /** Its version (`updatedAt`) as an editor's dialog read it. */
  version?: number;
  /** Its pay type: the credit (月结) events move only credit orders. */
  payType?: number;
  /** Not settled yet (a credit order's settlement, docs/contract-prices-credit.md). */
  unsettled?: true;
}

type Where = ExpressionBuilder<Database, 'orders'>;

/** The row is in one of the states: (status IN … AND pay_status IN …) per status. */
function inStates(eb: Where, states: readonly State[]) {
  const byStatus = new Map<number, number[]>();
  for (const s of states) byStatus.set(s.status, [...(byStatus.get(s.status) ?? []), s.payStatus]);
  return eb.or(
    [...byStatus].map(([status, payStatuses]) =>
      eb.and([eb('status', '=', status), eb('payStatus', 'in', payStatuses)]),
    ),
  );
}

/**
 * Moves one order from any of `from` to `to` (a part of `to` left out stays as it was) with the
 * other columns in `set`, only while the guard holds; answers whether it did. An event that
 * writes nothing else takes the row all the same (`updatedAt` set to itself), so the caller's
 * transaction holds it until it ends.
 */
export async function updateOrderState(
  db: Db,
  id: number,
  p: {
    from: readonly State[];
    to: Partial<State>;
    set?: OrderColumns;
    guard?: StateGuard;
  },
): Promise<boolean> {
  const set = { ...p.set, ...p.to };
  const g = p.guard ?? {};
  let q = db
    .updateTable('orders')
    .set(Object.keys(set).length > 0 ? set : (eb) => ({ updatedAt: eb.ref('updatedAt') }))
    .where('id', '=', id)
    .where((eb) => inStates(eb, p.from));
  if (g.userId !== undefined) q = q.where('userId', '=', g.userId);
  if (g.amount !== undefined) q = q.where('amount', g.amount === null ? 'is' : '=', g.amount);
  if (g.version !== undefined) q = q.where('updatedAt', '=', g.version);
  if (g.payType !== undefined) q = q.where('payType', '=', g.payType);
  if (g.unsettled) q = q.where('settledAt', 'is', null);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * The shop refund's move (order-state.ts, addRefund): the refunded amount grows by the refund
 * only while it stays within what was paid and the pay type is one the shop refunds itself; the
 * refund that reaches the paid amount moves the order as `full` may, any other as `partial` may.
 * Answers which of the two it was, or null when the row did not move.
 */
export async function addRefunded(
  trx: Db,
  p: {
    orderId: number;
    payTypes: readonly number[];
    amountFen: number;
    at: number;
    partial: { from: readonly State[]; to: Partial<State> };
    full: { from: readonly State[]; to: Partial<State> };
  },
): Promise<'refund-partial' | 'refund-full' | null> {
  const after = (eb: Where) => eb('refundedAmount', '+', p.amountFen);
  const row = await trx
    .updateTable('orders')
    .set((eb) => {
      // A state part either event changes follows the refund: `full` when it reaches the amount.
      const reaches = eb(after(eb), '=', eb.ref('amount'));
      const value = (column: keyof State, v: number | undefined) =>
        v === undefined ? eb.ref(column) : eb.val(v);
      const follow = (column: keyof State) =>
        eb
          .case()
          .when(reaches)
          .then(value(column, p.full.to[column]))
          .else(value(column, p.partial.to[column]))
          .end();
      const moved = (column: keyof State) =>
        p.full.to[column] !== undefined || p.partial.to[column] !== undefined;
      return {
        refundedAmount: after(eb),
        ...(moved('status') ? { status: follow('status') } : {}),
        ...(moved('payStatus') ? { payStatus: follow('payStatus') } : {}),
        updatedAt: p.at,
      };
    })
    .where('id', '=', p.orderId)
    .where('payType', 'in', p.payTypes)
    .where((eb) =>
      eb.or([
        eb.and([eb(after(eb), '=', eb.ref('amount')), inStates(eb, p.full.from)]),
        eb.and([eb(after(eb), '<', eb.ref('amount')), inStates(eb, p.partial.from)]),
      ]),
    )
    .returning(['refundedAmount', 'amount'])
    .executeTakeFirst();
  if (!row) return null;
  return row.refundedAmount === row.amount ? 'refund-full' : 'refund-partial';
}

/**
 * A cancel gives back what partial refunds left: called after the cancel's own move took the
 * order's row, so no refund can commit between this read and the write. Answers the fen left to
 * refund (0 when partial refunds already gave everything back).
 */
export async function settleRefunded(trx: Db, orderId: number, at: number): Promise<number> {
  const o = await trx
    .selectFrom('orders')
    .select(['amount', 'refundedAmount'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const rest = (o.amount ?? 0) - o.refundedAmount;
  if (rest > 0) {
    await trx
      .updateTable('orders')
      .set({ refundedAmount: o.amount ?? 0, updatedAt: at })
      .where('id', '=', orderId)
      .execute();
  }
  return rest;
}

/**
 * Priced orders in `states` whose payment time ran out (created before the limit of their pay
 * type), oldest first.
 */
export async function timedOutOrders(
  db: Db,
  p: {
    states: readonly State[];
    bankType: number;
    /** Credit (月结) orders wait for their settlement, never for a payment time. */
    creditType: number;
    bankBefore: number;
    onlineBefore: number;
    limit: number;
  },
): Promise<Row<'orders'>[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where((eb) => inStates(eb, p.states))
    .where('amount', 'is not', null)
    .where('payType', '!=', p.creditType)
    .where('createdAt', '<', Math.max(p.bankBefore, p.onlineBefore))
    .where((eb) =>
      eb.or([
        eb.and([eb('payType', '=', p.bankType), eb('createdAt', '<', p.bankBefore)]),
        eb.and([eb('payType', '!=', p.bankType), eb('createdAt', '<', p.onlineBefore)]),
      ]),
    )
    .orderBy('createdAt')
    .limit(p.limit)
    .execute();
}

/** Inserts a new order; answers undefined when its number is already taken (nothing inserted). */
export async function insertOrder(db: Db, order: NewRow<'orders'>): Promise<number | undefined> {
  const row = await db
    .insertInto('orders')
    .values(order)
    .onConflict((oc) => oc.column('number').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}
