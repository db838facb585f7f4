import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import { freightFen, toFen, toYuan, type Paged } from '@labshop/shared';
import type {
  ManageQuote,
  Quote,
  QuotePack,
  QuoteStatus,
  manageQuoteListQuery,
  quoteCreateBody,
  quoteFromInquiryBody,
  quoteListQuery,
  quotePriceBody,
} from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import { chinaStamp, now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import { listLines, type PackRow } from '../cart/index.ts';
import { packsOnSale, type OrderedPack } from '../orders/index.ts';
import type { StaffIdentity } from '../staff/index.ts';
import * as repo from './procurement.repository.ts';

export const QUOTE_NOT_FOUND = '报价单不存在';
export const QUOTE_EXPIRED = '报价单已过期，请重新询价';
export const QUOTE_NOT_PRICED = '报价单尚未报价，请等待客服报价';
export const QUOTE_ORDERED = '该报价单已下单，不能再修改';
export const QUOTE_OFF_SALE = '报价单中有商品已下架，请联系客服重新报价';
const CART_CHANGED = '购物车商品已变化，请刷新后重试';
const EVERY_LINE = '请为报价单的每一行填写单价';
const VALIDITY_PAST = '有效期须晚于当前时间';

/** Quote number: BJ, the China-time date and time (YYYYMMDDHHmmss) and 4 random digits. */
const newQuoteNumber = (at: number) =>
  `BJ${chinaStamp(at)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;

async function insertNumberedQuote(
  trx: Db,
  quote: Omit<Row<'quotes'>, 'id' | 'number'>,
): Promise<{ id: number; number: string }> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const number = newQuoteNumber(quote.createdAt);
    const id = await repo.insertQuote(trx, { ...quote, number });
    if (id !== undefined) return { id, number };
  }
  throw new Error('no free quote number');
}

const yuanOrNull = (fen: number | null) => (fen === null ? null : toYuan(fen));

/** Totals at the quoted prices, in fen; null until every line has its price. */
export function quoteTotals(lines: readonly Row<'quoteLines'>[]) {
  if (lines.length === 0 || lines.some((l) => l.unitPrice === null)) {
    return { goodsAmount: null, freight: null, amount: null };
  }
  const goodsAmount = lines.reduce((sum, l) => sum + (l.unitPrice ?? 0) * l.quantity, 0);
  const freight = freightFen(goodsAmount);
  return { goodsAmount, freight, amount: goodsAmount + freight };
}

function toQuote(q: Row<'quotes'>, lines: readonly Row<'quoteLines'>[]): Quote {
  const own = lines.filter((l) => l.quoteId === q.id);
  const totals = quoteTotals(own);
  return {
    id: q.id,
    number: q.number,
    status: q.status as QuoteStatus,
    remark: q.remark,
    staffRemark: q.staffRemark,
    validUntil: q.validUntil,
    orderId: q.orderId,
    createTime: q.createdAt,
    quotedAt: q.quotedAt,
    goodsAmount: yuanOrNull(totals.goodsAmount),
    freight: yuanOrNull(totals.freight),
    amount: yuanOrNull(totals.amount),
    lines: own.map((l) => ({
      id: l.id,
      materialId: l.materialId,
      productId: l.productId,
      name: l.name,
      number: l.number,
      brandName: l.brandName,
      cas: l.cas,
      pack: l.pack,
      listPrice: yuanOrNull(l.listPrice),
      unitPrice: yuanOrNull(l.unitPrice),
      quantity: l.quantity,
      amount: l.unitPrice === null ? null : toYuan(l.unitPrice * l.quantity),
    })),
  };
}

const lineOf = (quoteId: number, p: PackRow, quantity: number, unitPrice: number | null) => ({
  quoteId,
  materialId: p.materialId,
  productId: p.productId,
  name: p.name,
  number: p.number,
  brandName: p.brandName ?? '',
  cas: p.cas,
  pack: p.pack,
  listPrice: p.userPrice,
  unitPrice,
  quantity,
});

/**
 * A member asks for a quote on chosen cart lines (docs/procurement.md section 3). The lines
 * stay in the cart until the quote is ordered; each must be the member's and on sale.
 */
export async function requestQuote(
  db: Db,
  userId: number,
  input: z.output<typeof quoteCreateBody>,
): Promise<{ id: number }> {
  const cartIds = [...new Set(input.cartIds)];
  return db.transaction().execute(async (trx) => {
    const lines = await listLines(trx, userId, cartIds);
    if (lines.length !== cartIds.length) throw badRequest(CART_CHANGED);
    const onSale = new Set(
      (
        await packsOnSale(
          trx,
          lines.map((l) => l.materialId),
        )
      ).map((p) => p.materialId),
    );
    if (lines.some((l) => !onSale.has(l.materialId))) throw badRequest(CART_CHANGED);
    const t = now();
    const { id } = await insertNumberedQuote(trx, {
      userId,
      status: 'requested',
      inquiryId: null,
      remark: input.remark,
      staffRemark: '',
      validUntil: null,
      orderId: null,
      quotedAt: null,
      createdAt: t,
      updatedAt: t,
    });
    await repo.insertQuoteLines(
      trx,
      [...lines].reverse().map((l) => lineOf(id, l, l.quantity, null)),
    );
    return { id };
  });
}

export async function listQuotes(
  db: Db,
  userId: number,
  q: z.output<typeof quoteListQuery>,
): Promise<Paged<Quote>> {
  const page = await repo.pageQuotes(db, { userId, status: q.status }, q);
  const lines = await repo.linesOfQuotes(
    db,
    page.records.map((r) => r.id),
  );
  return { ...page, records: page.records.map((r) => toQuote(r, lines)) };
}

/** The member's quote; another member's id answers 404. */
export async function getQuote(db: Db, userId: number, id: number): Promise<Quote> {
  const q = await repo.findQuote(db, id, userId);
  if (!q) throw notFound(QUOTE_NOT_FOUND);
  return toQuote(q, await repo.linesOfQuotes(db, [q.id]));
}

/**
 * Takes a quoted quote for its one order, in the order's transaction (the quote-to-order
 * workflow): one conditional update claims it, so a double click, a retry or a concurrent call
 * answers the order it already became; after validUntil it is refused. Answers that order, or
 * the quote's lines as the order keeps them: as quoted, at the quoted price.
 */
export async function takeQuoteForOrder(
  trx: Db,
  userId: number,
  id: number,
  at: number,
): Promise<{ orderId: number } | { goods: OrderedPack[] }> {
  const q = await repo.findQuote(trx, id, userId);
  if (!q) throw notFound(QUOTE_NOT_FOUND);
  if (q.orderId !== null) return { orderId: q.orderId };
  if (q.status === 'requested') throw badRequest(QUOTE_NOT_PRICED);
  if (q.validUntil === null || q.validUntil < at) throw badRequest(QUOTE_EXPIRED);
  if (!(await repo.claimQuoteForOrder(trx, id, userId, at))) {
    const again = await repo.findQuote(trx, id, userId);
    if (again?.orderId) return { orderId: again.orderId };
    throw badRequest(QUOTE_EXPIRED);
  }
  const lines = await repo.linesOfQuotes(trx, [id]);
  const packs = new Map(
    (
      await packsOnSale(
        trx,
        lines.map((l) => l.materialId),
      )
    ).map((p) => [p.materialId, p]),
  );
  return {
    goods: lines.map((l) => {
      const pack = packs.get(l.materialId);
      if (!pack || l.unitPrice === null) throw badRequest(QUOTE_OFF_SALE);
      // The order keeps the line as quoted: its description and the quoted price.
      return {
        pack: { ...pack, name: l.name, pack: l.pack, userPrice: l.unitPrice },
        quantity: l.quantity,
      };
    }),
  };
}

/** The quote became this order. */
export const recordQuoteOrder = (trx: Db, id: number, orderId: number): Promise<void> =>
  repo.setQuoteOrder(trx, id, orderId);

// ---- staff ------------------------------------------------------------------------------------

function toManageQuote(
  q: repo.QuoteListRow | (Row<'quotes'> & { account?: string | null; company?: string | null }),
  lines: readonly Row<'quoteLines'>[],
): ManageQuote {
  return {
    ...toQuote(q, lines),
    userId: q.userId,
    account: q.account ?? '',
    company: q.company ?? '',
    inquiryId: q.inquiryId,
  };
}

export async function manageListQuotes(
  db: Db,
  q: z.output<typeof manageQuoteListQuery>,
): Promise<Paged<ManageQuote>> {
  const page = await repo.pageQuotes(db, { status: q.status, number: q.number }, q);
  const lines = await repo.linesOfQuotes(
    db,
    page.records.map((r) => r.id),
  );
  return { ...page, records: page.records.map((r) => toManageQuote(r, lines)) };
}

export async function manageGetQuote(db: Db, id: number): Promise<ManageQuote> {
  const page = await repo.findQuoteWithMember(db, id);
  if (!page) throw notFound(QUOTE_NOT_FOUND);
  return toManageQuote(page, await repo.linesOfQuotes(db, [id]));
}

/**
 * Staff price every line, set the validity and a remark: the quote becomes (or stays) quoted.
 * An ordered quote can no longer change. Audited.
 */
export async function priceQuote(
  db: Db,
  staff: StaffIdentity,
  id: number,
  input: z.output<typeof quotePriceBody>,
): Promise<void> {
  const t = now();
  if (input.validUntil <= t) throw badRequest(VALIDITY_PAST);
  await db.transaction().execute(async (trx) => {
    const q = await repo.findQuote(trx, id);
    if (!q) throw notFound(QUOTE_NOT_FOUND);
    if (q.status === 'ordered') throw badRequest(QUOTE_ORDERED);
    const lines = await repo.linesOfQuotes(trx, [id]);
    const prices = new Map(input.lines.map((l) => [l.id, toFen(l.unitPrice)]));
    if (prices.size !== lines.length || lines.some((l) => !prices.has(l.id))) {
      throw badRequest(EVERY_LINE);
    }
    for (const l of lines) await repo.priceQuoteLine(trx, id, l.id, prices.get(l.id) ?? 0);
    const moved = await repo.transitionQuote(trx, id, ['requested', 'quoted'], {
      status: 'quoted',
      validUntil: input.validUntil,
      staffRemark: input.remark,
      quotedAt: t,
      updatedAt: t,
    });
    if (!moved) throw badRequest(QUOTE_ORDERED);
    await notify(trx, 'quote-ready', {
      userId: q.userId,
      quoteNumber: q.number,
      amount: quoteTotals(await repo.linesOfQuotes(trx, [id])).amount,
      link: `/quote/${id}`,
    });
    await recordAudit(trx, {
      staffId: staff.id,
      action: 'quote.price',
      target: `quote:${id}`,
      before: {
        status: q.status,
        validUntil: q.validUntil,
        lines: lines.map((l) => ({ id: l.id, unitPrice: l.unitPrice })),
      },
      after: input,
    });
  });
}

/**
 * Staff quote a bulk inquiry directly: a quoted quote for the inquiry's member (or the member
 * named), with the packs, quantities and prices given. Audited.
 */
export async function quoteFromInquiry(
  db: Db,
  staff: StaffIdentity,
  input: z.output<typeof quoteFromInquiryBody>,
): Promise<{ id: number }> {
  const t = now();
  if (input.validUntil <= t) throw badRequest(VALIDITY_PAST);
  return db.transaction().execute(async (trx) => {
    const inquiry = await repo.findInquiry(trx, input.inquiryId);
    if (!inquiry) throw notFound('询价不存在');
    const userId = input.userId ?? inquiry.userId;
    if (userId === null || userId === undefined) {
      throw badRequest('该询价未关联会员，请指定报价的会员');
    }
    if (!(await repo.userExists(trx, userId))) throw notFound('会员不存在');
    const packs = new Map(
      (
        await packsOnSale(
          trx,
          input.lines.map((l) => l.materialId),
        )
      ).map((p) => [p.materialId, p]),
    );
    const { id, number } = await insertNumberedQuote(trx, {
      userId,
      status: 'quoted',
      inquiryId: inquiry.id,
      remark: '',
      staffRemark: input.remark,
      validUntil: input.validUntil,
      orderId: null,
      quotedAt: t,
      createdAt: t,
      updatedAt: t,
    });
    await repo.insertQuoteLines(
      trx,
      input.lines.map((l) => {
        const pack = packs.get(l.materialId);
        if (!pack) throw badRequest('报价的商品不存在或已下架');
        return lineOf(id, pack, l.quantity, toFen(l.unitPrice));
      }),
    );
    await notify(trx, 'quote-ready', {
      userId,
      quoteNumber: number,
      amount: quoteTotals(await repo.linesOfQuotes(trx, [id])).amount,
      link: `/quote/${id}`,
    });
    await recordAudit(trx, {
      staffId: staff.id,
      action: 'quote.fromInquiry',
      target: `quote:${id}`,
      before: null,
      after: { ...input, userId },
    });
    return { id };
  });
}

/** Packs a quote from a bulk inquiry may hold, found by item number, name or CAS. */
export async function searchQuotePacks(db: Db, key: string): Promise<QuotePack[]> {
  const rows = await repo.searchPacksOnSale(db, key, 30);
  return rows.map((r) => ({
    materialId: Number(r.materialId),
    number: r.number,
    name: r.name,
    cas: r.cas,
    pack: r.pack,
    listPrice: yuanOrNull(r.userPrice === null ? null : Number(r.userPrice)),
  }));
}
