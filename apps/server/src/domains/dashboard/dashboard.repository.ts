import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { isLowStock, packTotalStock } from '../stock/index.ts';

export async function orderFigures(db: Db, dayStart: number) {
  const count = (q: ReturnType<typeof base>) =>
    q
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  const base = () => db.selectFrom('orders');
  const [todayOrders, todaySales, awaitingTransfer, awaitingPricing, awaitingShipment] =
    await Promise.all([
      count(base().where('createdAt', '>=', dayStart)),
      base()
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('fen'))
        .where('createdAt', '>=', dayStart)
        .where('payStatus', '=', 2)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.fen)),
      count(
        base()
          .where('status', '=', 1)
          .where('payStatus', '=', 1)
          .where('payType', '=', 1)
          .where('amount', 'is not', null),
      ),
      count(base().where('status', '=', 1).where('amount', 'is', null)),
      count(base().where('status', '=', 2)),
    ]);
  return { todayOrders, todaySales, awaitingTransfer, awaitingPricing, awaitingShipment };
}

export async function newInboxCounts(db: Db) {
  const [messages, inquiries, customized] = await Promise.all([
    db
      .selectFrom('feedbacks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('handleStatus', '=', 1)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('bulkInquiries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('handleStatus', '=', 1)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('customized')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 1)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    newMessages: Number(messages.n),
    newInquiries: Number(inquiries.n),
    newCustomized: Number(customized.n),
  };
}

/** Packs low in stock (isLowStock: made-to-order packs left out): how many, and the fewest first. */
export async function lowStock(db: Db, below: number, limit: number) {
  const low = db
    .selectFrom('materials as m')
    .innerJoin('products as p', 'p.id', 'm.productId')
    .where(isLowStock(below));
  const [records, count] = await Promise.all([
    low
      .select([
        'm.id as materialId',
        'm.productId',
        'p.name',
        'p.number',
        'm.pack',
        packTotalStock.as('stock'),
      ])
      .orderBy('stock')
      .orderBy('m.id')
      .limit(limit)
      .execute(),
    low.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(count.n) };
}
