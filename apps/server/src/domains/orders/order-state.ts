import { OrderStatus, PayStatus, PayType } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import * as repo from './order-state.repository.ts';

/*
 * An order's life cycle, in one table (docs/orders.md): from which state (status and pay status)
 * each event may move an order, to which state, and who may cause it. Every change of an order's
 * status or pay status is one of these events, applied by `moveOrder` as one conditional update of
 * the order's row (order-state.repository.ts is the only writer of those two columns; a test scans
 * the source for any other). Of two events racing on one order only one finds the row still in a
 * state it may move from; the other changes nothing.
 */

const { PENDING, AWAITING_SHIPMENT, SHIPPING, COMPLETED, CANCELLED } = OrderStatus;
const { UNPAID, PAID, REFUNDED } = PayStatus;

export interface OrderState {
  status: number;
  payStatus: number;
}

/** Who causes an event: the buyer, the staff, a payment gateway's report, a scheduled job. */
export type OrderActor = 'member' | 'staff' | 'gateway' | 'job';

/** The answer when an order changed between reading it and moving it. */
export const ORDER_CHANGED = '订单状态已变化，请刷新后重试';

// The refusals the routes answer, each said once (tests and docs/console.md rely on them).
const PAY_REFUSED = '当前订单状态无法支付';
const ALREADY_PAID = '订单已支付';
const ORDER_CLOSED = '订单已关闭，无法支付';
const REFUND_CANCELLED = '订单已取消，不能退款';
const REFUND_DONE = '订单已全额退款';
const REFUND_STATUS = '订单当前状态不能退款';
export const REFUND_NOT_PAID = '订单未支付，无需退款';
export const REFUND_ALL_UNSHIPPED = '尚未发货的订单全额退款请取消订单';
const CREDIT_CANCEL_REFUSED = '月结订单已进入待发货，如需取消请联系客服';

/** Why an unpaid-order payment step is refused, by what the order is now. */
const payRefusal = (s: OrderState) =>
  s.payStatus !== UNPAID ? ALREADY_PAID : s.status === CANCELLED ? ORDER_CLOSED : PAY_REFUSED;

/** Why a refund is refused, by what the order is now. */
const refundRefusal = (s: OrderState) =>
  s.status === CANCELLED
    ? REFUND_CANCELLED
    : s.payStatus === REFUNDED
      ? REFUND_DONE
      : s.payStatus !== PAID
        ? REFUND_NOT_PAID
        : s.status === AWAITING_SHIPMENT
          ? REFUND_ALL_UNSHIPPED
          : REFUND_STATUS;

export interface Transition {
  /** What happens, in the console's and the buyer's words. */
  label: string;
  by: readonly OrderActor[];
  /** The states it may move from; 'new' for an order that comes into being with it. */
  from: 'new' | readonly OrderState[];
  /** The state after; a part left out stays as it was. */
  to: Partial<OrderState>;
  /** The answer when the order's state does not allow the event. */
  refused: string | ((s: OrderState) => string);
  /** The answer when the order changed while the event was being made (default ORDER_CHANGED). */
  raced?: string;
}

const pairs = (statuses: readonly number[], payStatuses: readonly number[]): OrderState[] =>
  statuses.flatMap((status) => payStatuses.map((payStatus) => ({ status, payStatus })));

const ALL_PAY = [UNPAID, PAID, REFUNDED];
/** Unpaid and not closed: the buyer may still pay (待处理, and 待发货 as older orders have it). */
const UNPAID_OPEN = pairs([PENDING, AWAITING_SHIPMENT], [UNPAID]);
const UNPAID_PENDING = pairs([PENDING], [UNPAID]);
/** Paid and not cancelled. */
const PAID_OPEN = pairs([AWAITING_SHIPMENT, SHIPPING, COMPLETED], [PAID]);

export const ORDER_EVENTS = {
  place: {
    label: '下单（待付款）',
    by: ['member'],
    from: 'new',
    to: { status: PENDING, payStatus: UNPAID },
    refused: ORDER_CHANGED,
  },
  'place-paid': {
    label: '下单并用余额支付',
    by: ['member'],
    from: 'new',
    to: { status: AWAITING_SHIPMENT, payStatus: PAID },
    refused: ORDER_CHANGED,
  },
  'place-credit': {
    label: '下单（月结，待发货）',
    by: ['member'],
    from: 'new',
    to: { status: AWAITING_SHIPMENT, payStatus: UNPAID },
    refused: ORDER_CHANGED,
  },
  'credit-approved': {
    label: '月结订单审批通过（待发货）',
    by: ['member'],
    from: UNPAID_PENDING,
    to: { status: AWAITING_SHIPMENT },
    refused: ORDER_CHANGED,
  },
  'choose-pay-type': {
    label: '选择支付方式',
    by: ['member'],
    from: UNPAID_OPEN,
    to: {},
    refused: payRefusal,
    raced: PAY_REFUSED,
  },
  'open-payment': {
    label: '发起微信/支付宝支付',
    by: ['member'],
    from: UNPAID_OPEN,
    to: {},
    refused: payRefusal,
    raced: '订单已变化，请刷新后重新支付',
  },
  pay: {
    label: '支付（余额，或支付渠道通知到账）',
    by: ['member', 'gateway'],
    from: UNPAID_OPEN,
    to: { status: AWAITING_SHIPMENT, payStatus: PAID },
    refused: payRefusal,
    raced: PAY_REFUSED,
  },
  'confirm-transfer': {
    label: '确认收款（银行转账）',
    by: ['staff'],
    from: UNPAID_PENDING,
    to: { status: AWAITING_SHIPMENT, payStatus: PAID },
    refused: '订单当前状态不能确认收款',
  },
  price: {
    label: '定价',
    by: ['staff'],
    from: UNPAID_PENDING,
    to: {},
    refused: '只有未支付的待处理订单可以定价',
  },
  edit: {
    label: '修改订单',
    by: ['staff'],
    from: UNPAID_PENDING,
    to: {},
    refused: '只有未支付的待处理订单可以修改',
  },
  'ship-package': {
    label: '发货（一个包裹）',
    by: ['staff'],
    from: pairs([AWAITING_SHIPMENT, SHIPPING], [PAID]),
    to: { status: SHIPPING },
    refused: '订单当前状态不能发货',
    raced: '订单当前状态不能发货',
  },
  'ship-credit': {
    label: '发货（月结订单，一个包裹）',
    by: ['staff'],
    from: pairs([AWAITING_SHIPMENT, SHIPPING], [UNPAID]),
    to: { status: SHIPPING },
    refused: '订单当前状态不能发货',
    raced: '订单当前状态不能发货',
  },
  'cancel-package': {
    label: '撤销发货（仍有包裹在途）',
    by: ['staff'],
    from: pairs([SHIPPING], ALL_PAY),
    to: {},
    refused: '订单当前状态不能撤销发货',
    raced: '订单当前状态不能撤销发货',
  },
  'last-package-cancelled': {
    label: '撤销发货（最后一个包裹）',
    by: ['staff'],
    from: pairs([SHIPPING], ALL_PAY),
    to: { status: AWAITING_SHIPMENT },
    refused: '订单当前状态不能撤销发货',
  },
  complete: {
    label: '完成',
    by: ['staff'],
    from: pairs([SHIPPING], ALL_PAY),
    to: { status: COMPLETED },
    refused: '订单当前状态不能完成',
  },
  'settle-credit': {
    label: '月结结算（回款）',
    by: ['staff'],
    from: pairs([AWAITING_SHIPMENT, SHIPPING, COMPLETED], [UNPAID]),
    to: { payStatus: PAID },
    refused: '订单当前状态不能结算',
    raced: '所选订单中有已结算的订单',
  },
  'issue-invoice': {
    label: '登记开票',
    by: ['staff'],
    from: PAID_OPEN,
    to: {},
    refused: '订单未支付或已取消，不能开票',
  },
  'member-cancel': {
    label: '买家取消',
    by: ['member'],
    from: UNPAID_OPEN,
    to: { status: CANCELLED },
    refused: '当前订单状态不可取消',
    raced: '当前订单状态不可取消',
  },
  // A credit order ships unpaid, so at 待发货 it is as good as paid: the buyer may cancel it only
  // while it waits for approval; afterwards the shop's staff cancel it (docs/orders.md).
  'member-cancel-credit': {
    label: '买家取消（月结订单，审批中）',
    by: ['member'],
    from: UNPAID_PENDING,
    to: { status: CANCELLED },
    refused: CREDIT_CANCEL_REFUSED,
    raced: CREDIT_CANCEL_REFUSED,
  },
  close: {
    label: '超时关闭',
    by: ['job'],
    from: UNPAID_OPEN,
    to: { status: CANCELLED },
    refused: ORDER_CHANGED,
  },
  cancel: {
    label: '取消（未支付或已全额退款）',
    by: ['staff'],
    from: pairs([PENDING, AWAITING_SHIPMENT], [UNPAID, REFUNDED]),
    to: { status: CANCELLED },
    refused: '只有待处理或待发货的订单可以取消',
  },
  'cancel-paid': {
    label: '取消并退还已付款',
    by: ['staff'],
    from: pairs([PENDING, AWAITING_SHIPMENT], [PAID]),
    to: { status: CANCELLED, payStatus: REFUNDED },
    refused: '只有待处理或待发货的订单可以取消',
  },
  'refund-partial': {
    label: '部分退款（余额、银行转账）',
    by: ['staff'],
    from: PAID_OPEN,
    to: {},
    refused: refundRefusal,
  },
  'refund-full': {
    label: '退款至全额（余额、银行转账）',
    by: ['staff'],
    from: pairs([SHIPPING, COMPLETED], [PAID]),
    to: { payStatus: REFUNDED },
    refused: refundRefusal,
  },
  'refund-gateway': {
    label: '原路退款（微信、支付宝）',
    by: ['staff'],
    from: pairs([PENDING, AWAITING_SHIPMENT, SHIPPING, COMPLETED, CANCELLED], [PAID]),
    to: {},
    refused: REFUND_NOT_PAID,
    raced: REFUND_NOT_PAID,
  },
  'gateway-refunded': {
    label: '原路退款已退至全额',
    by: ['gateway'],
    from: pairs([PENDING, AWAITING_SHIPMENT, SHIPPING, COMPLETED, CANCELLED], [PAID]),
    to: { payStatus: REFUNDED },
    refused: ORDER_CHANGED,
  },
} as const satisfies Record<string, Transition>;

export type OrderEvent = keyof typeof ORDER_EVENTS;
/** The events an order comes into being with. */
export type PlacingEvent = 'place' | 'place-paid' | 'place-credit';
/** Events that move an order that exists (not the ones it is created with). */
export type OrderMove = {
  [E in OrderEvent]: (typeof ORDER_EVENTS)[E]['from'] extends 'new' ? never : E;
}[OrderEvent];

const transition = (event: OrderEvent): Transition => ORDER_EVENTS[event];

/** The state an event moves the order to, or null when the event may not happen in `state`. */
export function targetOf(state: OrderState | null, event: OrderEvent): OrderState | null {
  const t = transition(event);
  if (t.from === 'new') {
    return state === null ? { status: t.to.status ?? 0, payStatus: t.to.payStatus ?? 0 } : null;
  }
  if (state === null) return null;
  const allowed = t.from.some((f) => f.status === state.status && f.payStatus === state.payStatus);
  return allowed
    ? {
        status: t.to.status ?? state.status,
        payStatus: t.to.payStatus ?? state.payStatus,
      }
    : null;
}

/** Why the event may not happen to an order in `state`, or null when it may. */
export function refusalOf(state: OrderState, event: OrderMove): string | null {
  if (targetOf(state, event)) return null;
  const { refused } = transition(event);
  return typeof refused === 'string' ? refused : refused(state);
}

/** Refuses with the event's own 400 when the order's state does not allow it. */
export function assertCan(state: OrderState, event: OrderMove): void {
  const refused = refusalOf(state, event);
  if (refused !== null) throw badRequest(refused);
}

/** The answer when the order changed under the event. */
export const racedOf = (event: OrderMove): string => transition(event).raced ?? ORDER_CHANGED;

/** The state a new order is stored in. */
function placedState(event: PlacingEvent): OrderState {
  const t = targetOf(null, event);
  if (!t) throw new Error(`${event} does not create an order`);
  return t;
}

function assertActor(event: OrderEvent, by: OrderActor): void {
  if (!transition(event).by.includes(by)) {
    throw new Error(`order event ${event} is not caused by ${by}`);
  }
}

export type { OrderColumns, PlacedOrderRow, StateGuard } from './order-state.repository.ts';

export interface MoveOptions {
  by: OrderActor;
  /** The other columns the event writes (never status or pay status: the table sets those). */
  set?: repo.OrderColumns;
  /** What else must still hold of the row, as it was read. */
  guard?: repo.StateGuard;
}

/**
 * Applies an event to an order in the caller's transaction: one conditional update of its row,
 * taken only while the order is in a state the event may move from (and the guard holds); a
 * state it could not leave otherwise answers false and changes nothing.
 */
export async function moveOrder(
  trx: Db,
  orderId: number,
  event: OrderMove,
  p: MoveOptions,
): Promise<boolean> {
  assertActor(event, p.by);
  const t = transition(event);
  if (t.from === 'new') throw new Error(`${event} creates an order`);
  return repo.updateOrderState(trx, orderId, { from: t.from, to: t.to, ...p });
}

/** As moveOrder, but refuses with the event's race answer when the order could not move. */
export async function mustMoveOrder(
  trx: Db,
  orderId: number,
  event: OrderMove,
  p: MoveOptions,
): Promise<void> {
  if (!(await moveOrder(trx, orderId, event, p))) throw badRequest(racedOf(event));
}

/**
 * Adds a shop refund (balance or bank transfer) to a paid order's refunded amount, in one
 * conditional update (docs/payments.md, "Refunds"): the refund that makes the refunds reach what
 * was paid is 'refund-full', any other 'refund-partial', each allowed only from its own states
 * and only while the sum stays within what was paid. On PostgreSQL a concurrent refund waits for
 * the row and re-checks against the committed sum; on SQLite writes are serial. Answers the
 * event applied, or null when neither could.
 */
export async function addRefund(
  trx: Db,
  p: { orderId: number; payTypes: readonly number[]; amountFen: number; at: number },
): Promise<'refund-partial' | 'refund-full' | null> {
  assertActor('refund-partial', 'staff');
  const partial = transition('refund-partial');
  const full = transition('refund-full');
  if (partial.from === 'new' || full.from === 'new') throw new Error('refunds move orders');
  return repo.addRefunded(trx, {
    ...p,
    partial: { from: partial.from, to: partial.to },
    full: { from: full.from, to: full.to },
  });
}

/**
 * Stores a new order in the state its placing event gives: waiting for its money, paid from the
 * balance at checkout, or on credit (月结) to be shipped and settled later. Answers its id, or undefined when its number is taken (nothing stored).
 */
export async function insertPlacedOrder(
  trx: Db,
  event: PlacingEvent,
  row: repo.PlacedOrderRow,
): Promise<number | undefined> {
  assertActor(event, 'member');
  return repo.insertOrder(trx, { ...row, ...placedState(event) });
}

/**
 * Unpaid, priced orders 'close' may move whose payment time ran out: bank transfers created
 * before `bankBefore`, the others before `onlineBefore`. Oldest first, at most `limit`.
 */
export async function timedOutOrders(
  db: Db,
  p: { bankBefore: number; onlineBefore: number; limit: number },
): Promise<Row<'orders'>[]> {
  const { from } = transition('close');
  if (from === 'new') throw new Error('close moves orders');
  return repo.timedOutOrders(db, {
    ...p,
    states: from,
    bankType: PayType.BANK_TRANSFER,
    creditType: PayType.CREDIT,
  });
}

/** A cancel of a paid order books what partial refunds left as refunded; answers those fen. */
export const settleRefunded = (trx: Db, orderId: number, at: number): Promise<number> =>
  repo.settleRefunded(trx, orderId, at);
