import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_STATUS_LABEL,
  OrderStatus,
  PAY_STATUS_LABEL,
  PayStatus,
  PayType,
} from '@labshop/shared';
import { AppError } from '../../lib/errors.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { whileHolding } from '../../../test/fixtures/concurrency.ts';
import { createMember } from '../../../test/fixtures/account.ts';
import {
  ORDER_CHANGED,
  ORDER_EVENTS,
  assertCan,
  insertPlacedOrder,
  moveOrder,
  mustMoveOrder,
  racedOf,
  refusalOf,
  targetOf,
  type OrderEvent,
  type OrderMove,
  type OrderState,
} from './order-state.ts';

/**
 * The life cycle as docs/orders.md describes it, written out by hand: each event's legal states
 * (status and pay status, e.g. '2P' is 待发货 and paid) and where each leads. 'new' is an order
 * that does not exist yet. Any state not listed must be refused.
 */
const LIFE_CYCLE: Record<OrderEvent, Record<string, string>> = {
  place: { new: '1U' },
  'place-paid': { new: '2P' },
  'place-credit': { new: '2U' },
  'credit-approved': { '1U': '2U' },
  'choose-pay-type': { '1U': '1U', '2U': '2U' },
  'open-payment': { '1U': '1U', '2U': '2U' },
  pay: { '1U': '2P', '2U': '2P' },
  'confirm-transfer': { '1U': '2P' },
  price: { '1U': '1U' },
  edit: { '1U': '1U' },
  'ship-package': { '2P': '3P', '3P': '3P' },
  'ship-credit': { '2U': '3U', '3U': '3U' },
  'cancel-package': { '3U': '3U', '3P': '3P', '3R': '3R' },
  'last-package-cancelled': { '3U': '2U', '3P': '2P', '3R': '2R' },
  complete: { '3U': '4U', '3P': '4P', '3R': '4R' },
  'settle-credit': { '2U': '2P', '3U': '3P', '4U': '4P' },
  'issue-invoice': { '2P': '2P', '3P': '3P', '4P': '4P' },
  'member-cancel': { '1U': '5U', '2U': '5U' },
  'member-cancel-credit': { '1U': '5U' },
  close: { '1U': '5U', '2U': '5U' },
  cancel: { '1U': '5U', '2U': '5U', '1R': '5R', '2R': '5R' },
  'cancel-paid': { '1P': '5R', '2P': '5R' },
  'refund-partial': { '2P': '2P', '3P': '3P', '4P': '4P' },
  'refund-full': { '3P': '3R', '4P': '4R' },
  'refund-gateway': { '1P': '1P', '2P': '2P', '3P': '3P', '4P': '4P', '5P': '5P' },
  'gateway-refunded': { '1P': '1R', '2P': '2R', '3P': '3R', '4P': '4R', '5P': '5R' },
};

const PAY_CODE: Record<number, string> = {
  [PayStatus.UNPAID]: 'U',
  [PayStatus.PAID]: 'P',
  [PayStatus.REFUNDED]: 'R',
};
const code = (s: OrderState | null) => (s ? `${s.status}${PAY_CODE[s.payStatus]}` : 'new');
const STATES: OrderState[] = Object.values(OrderStatus).flatMap((status) =>
  Object.values(PayStatus).map((payStatus) => ({ status, payStatus })),
);
const EVENTS = Object.keys(ORDER_EVENTS) as OrderEvent[];
const MOVES = EVENTS.filter((e) => ORDER_EVENTS[e].from !== 'new') as OrderMove[];

describe('the order state machine', () => {
  it('has the events of the documented life cycle, no more and no fewer', () => {
    expect([...EVENTS].sort()).toEqual(Object.keys(LIFE_CYCLE).sort());
  });

  it.each(EVENTS)('%s: every state pair and a new order give the documented target', (event) => {
    for (const state of [null, ...STATES]) {
      const target = targetOf(state, event);
      expect([code(state), target && code(target)]).toEqual([
        code(state),
        LIFE_CYCLE[event][code(state)] ?? null,
      ]);
    }
  });

  it.each(MOVES)('%s: a refused state answers the event’s own Chinese 400', (event) => {
    for (const state of STATES) {
      const legal = LIFE_CYCLE[event][code(state)] !== undefined;
      const refused = refusalOf(state, event);
      if (legal) {
        expect(refused).toBeNull();
        expect(() => assertCan(state, event)).not.toThrow();
      } else {
        expect(refused).toMatch(/[\u4e00-\u9fff]/);
        let thrown: unknown;
        try {
          assertCan(state, event);
        } catch (e) {
          thrown = e;
        }
        expect(thrown).toBeInstanceOf(AppError);
        expect([(thrown as AppError).httpStatus, (thrown as AppError).message]).toEqual([
          400,
          refused,
        ]);
      }
    }
  });

  it('answers the refusals the routes answered before the machine', () => {
    const s = (status: number, payStatus: number) => ({ status, payStatus });
    const { PENDING, AWAITING_SHIPMENT, SHIPPING, COMPLETED, CANCELLED } = OrderStatus;
    const { UNPAID, PAID, REFUNDED } = PayStatus;
    expect(refusalOf(s(PENDING, UNPAID), 'ship-package')).toBe('订单当前状态不能发货');
    expect(refusalOf(s(AWAITING_SHIPMENT, PAID), 'complete')).toBe('订单当前状态不能完成');
    expect(refusalOf(s(COMPLETED, PAID), 'cancel-paid')).toBe('只有待处理或待发货的订单可以取消');
    expect(refusalOf(s(AWAITING_SHIPMENT, PAID), 'member-cancel')).toBe('当前订单状态不可取消');
    expect(refusalOf(s(AWAITING_SHIPMENT, PAID), 'pay')).toBe('订单已支付');
    expect(refusalOf(s(CANCELLED, UNPAID), 'pay')).toBe('订单已关闭，无法支付');
    expect(refusalOf(s(SHIPPING, UNPAID), 'pay')).toBe('当前订单状态无法支付');
    expect(refusalOf(s(AWAITING_SHIPMENT, PAID), 'confirm-transfer')).toBe(
      '订单当前状态不能确认收款',
    );
    expect(refusalOf(s(COMPLETED, PAID), 'cancel-package')).toBe('订单当前状态不能撤销发货');
    expect(refusalOf(s(PENDING, UNPAID), 'issue-invoice')).toBe('订单未支付或已取消，不能开票');
    expect(refusalOf(s(AWAITING_SHIPMENT, PAID), 'price')).toBe('只有未支付的待处理订单可以定价');
    expect(refusalOf(s(AWAITING_SHIPMENT, PAID), 'edit')).toBe('只有未支付的待处理订单可以修改');
    expect(refusalOf(s(CANCELLED, REFUNDED), 'refund-partial')).toBe('订单已取消，不能退款');
    expect(refusalOf(s(SHIPPING, REFUNDED), 'refund-partial')).toBe('订单已全额退款');
    expect(refusalOf(s(PENDING, UNPAID), 'refund-partial')).toBe('订单未支付，无需退款');
    expect(refusalOf(s(AWAITING_SHIPMENT, PAID), 'refund-full')).toBe(
      '尚未发货的订单全额退款请取消订单',
    );
    expect(racedOf('complete')).toBe(ORDER_CHANGED);
    expect(racedOf('ship-package')).toBe('订单当前状态不能发货');
    expect(racedOf('open-payment')).toBe('订单已变化，请刷新后重新支付');
  });

  it('is the table docs/orders.md shows', () => {
    const doc = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../../../docs/orders.md'),
      'utf8',
    );
    const shown = doc.split('<!-- order-state table -->')[1] ?? '';
    expect(cellsOf(shown)).toEqual(cellsOf(lifeCycleTable()));
  });
});

/** A markdown table's cells, row by row, however its columns are padded. */
const cellsOf = (table: string) =>
  table
    .trim()
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[\s|:-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );

/** The table as docs/orders.md prints it, from ORDER_EVENTS. */
function lifeCycleTable(): string {
  const who = { member: '买家', staff: '员工', gateway: '支付渠道', job: '定时任务' };
  const part = (labels: Record<number, string>, v: number | undefined) =>
    v === undefined ? '（不变）' : labels[v];
  const state = (s: Partial<OrderState>) =>
    s.status === undefined && s.payStatus === undefined
      ? '（不变）'
      : `${part(ORDER_STATUS_LABEL, s.status)}·${part(PAY_STATUS_LABEL, s.payStatus)}`;
  const rows = EVENTS.map((event) => {
    const t = ORDER_EVENTS[event];
    const from = t.from === 'new' ? '（新订单）' : t.from.map(state).join('、');
    const by = t.by.map((b) => who[b]).join('、');
    return `| \`${event}\` | ${t.label} | ${by} | ${from} | ${state(t.to)} |`;
  });
  return ['| event | 事件 | 谁 | 从 | 到 |', '| --- | --- | --- | --- | --- |', ...rows].join('\n');
}

describe('moving an order', () => {
  let ctx: TestContext;
  let userId: number;
  beforeAll(async () => {
    ctx = await createTestContext();
    userId = (await createMember(ctx)).userId;
  });
  afterAll(async () => ctx.close());

  let numbers = 0;
  const placeUnpaid = async () => {
    const at = Date.now();
    const id = await insertPlacedOrder(ctx.db, 'place', {
      userId,
      number: `STATE${(numbers += 1)}`,
      transferReference: '',
      deliveryUsername: '张三',
      deliveryPhone: '13800000000',
      deliveryRegionCode: '110000,110100,110101',
      deliveryAddress: '测试地址',
      goodsAmount: 1000,
      freight: 0,
      amount: 1000,
      count: 1,
      payType: PayType.BANK_TRANSFER,
      userRemark: '',
      invoiceType: 3,
      invoiceCompanyName: '',
      invoiceTaxpayerIdentificationNumber: '',
      invoiceEmail: '',
      invoiceRegisteredAddress: '',
      invoiceRegistrationTelephone: '',
      invoiceDepositBank: '',
      invoiceBankAccountNumber: '',
      paidAt: null,
      cancelledAt: null,
      createdAt: at,
      updatedAt: at,
    });
    if (id === undefined) throw new Error('order number taken');
    return id;
  };
  const stateOf = async (id: number) =>
    ctx.db
      .selectFrom('orders')
      .select(['status', 'payStatus', 'updatedAt', 'cancelledAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('stores a new order in its placing state and moves it only from a legal state', async () => {
    const id = await placeUnpaid();
    expect(await stateOf(id)).toMatchObject({
      status: OrderStatus.PENDING,
      payStatus: PayStatus.UNPAID,
    });
    expect(await moveOrder(ctx.db, id, 'ship-package', { by: 'staff' })).toBe(false);
    expect(await moveOrder(ctx.db, id, 'pay', { by: 'gateway', guard: { amount: 999 } })).toBe(
      false,
    );
    expect(
      await moveOrder(ctx.db, id, 'pay', {
        by: 'member',
        set: { paidAt: 5, updatedAt: 5 },
        guard: { amount: 1000, userId },
      }),
    ).toBe(true);
    expect(await stateOf(id)).toMatchObject({
      status: OrderStatus.AWAITING_SHIPMENT,
      payStatus: PayStatus.PAID,
      updatedAt: 5,
    });
    await expect(mustMoveOrder(ctx.db, id, 'member-cancel', { by: 'member' })).rejects.toThrow(
      '当前订单状态不可取消',
    );
  });

  it('takes the row without changing it when the event writes nothing else', async () => {
    const id = await placeUnpaid();
    const before = await stateOf(id);
    expect(await moveOrder(ctx.db, id, 'open-payment', { by: 'member' })).toBe(true);
    expect(await stateOf(id)).toEqual(before);
  });

  it('refuses an actor the table does not name', async () => {
    const id = await placeUnpaid();
    await expect(moveOrder(ctx.db, id, 'close', { by: 'staff' })).rejects.toThrow(
      'order event close is not caused by staff',
    );
    expect(await stateOf(id)).toMatchObject({ status: OrderStatus.PENDING });
  });

  it('lets one of two racing events move the order, the other changes nothing', async () => {
    const id = await placeUnpaid();
    const cancel = () =>
      ctx.db
        .transaction()
        .execute((trx) =>
          moveOrder(trx, id, 'member-cancel', { by: 'member', set: { cancelledAt: 7 } }),
        );
    const pay = (trx: typeof ctx.db) =>
      moveOrder(trx, id, 'pay', { by: 'gateway', set: { paidAt: 6 }, guard: { amount: 1000 } });
    // On PostgreSQL the cancel reaches the row while the payment holds it, waits, and re-checks
    // the row as the payment committed it; on SQLite the two are written one after the other.
    let paid = false;
    const cancelled =
      ctx.dialect === 'postgres'
        ? await whileHolding(ctx.db, async (trx) => void (paid = await pay(trx)), cancel)
        : await Promise.all([pay(ctx.db), cancel()]).then(([p, c]) => ((paid = p), c));
    expect([paid, cancelled].filter(Boolean)).toHaveLength(1);
    expect(await stateOf(id)).toMatchObject(
      paid
        ? { status: OrderStatus.AWAITING_SHIPMENT, payStatus: PayStatus.PAID, cancelledAt: null }
        : { status: OrderStatus.CANCELLED, payStatus: PayStatus.UNPAID, cancelledAt: 7 },
    );
  });
});
