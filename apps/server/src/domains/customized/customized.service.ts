import type { z } from 'zod';
import { CustomStatus, type Paged } from '@labshop/shared';
import type { Customized, customizedBody, customizedListQuery } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { reserveAttempts, type Window } from '../../lib/rate-limit.ts';
import * as repo from './customized.repository.ts';
import { notify } from '../notifications/index.ts';

export type CustomizedInput = z.output<typeof customizedBody>;
export type CustomizedListInput = z.output<typeof customizedListQuery>;

const NOT_CANCELLABLE = '当前定制状态不可取消';
const NOT_FOUND = '定制需求不存在';

function toCustomized(c: Row<'customized'>, goods: Row<'customizedGoods'>[]): Customized {
  return {
    id: c.id,
    company: c.company,
    contact: c.contact,
    phone: c.phone,
    content: c.content,
    remark: c.remark,
    reply: c.reply,
    status: c.status,
    createTime: c.createdAt,
    goodsList: goods
      .filter((g) => g.customizedId === c.id)
      .map((g) => ({
        name: g.name,
        cas: g.cas,
        pack: g.pack,
        expectDeliveryTime: g.expectDeliveryTime,
        quantity: g.quantity,
      })),
  };
}

/** Custom requests one visitor address may send per hour (members are not limited). */
const VISITOR_REQUESTS: Window[] = [{ ms: 60 * 60 * 1000, max: 10 }];
/** Owner of requests sent by visitors; they are answered by phone or email. */
const VISITOR = 0;

/**
 * Stores a custom request of a member, or of a visitor (docs/product-rules.md section 1), who is
 * answered by phone, or by email when they leave one.
 */
export async function createRequest(
  db: Db,
  requester: { userId: number } | { ip: string },
  input: CustomizedInput,
): Promise<number> {
  if ('ip' in requester) {
    await reserveAttempts(db, [[`customized:ip:${requester.ip}`, VISITOR_REQUESTS]]);
  }
  const t = now();
  return db.transaction().execute(async (trx) => {
    const id = await repo.insertRequest(trx, {
      userId: 'userId' in requester ? requester.userId : VISITOR,
      company: input.company,
      contact: input.contact,
      phone: input.phone,
      email: input.email,
      content: input.content,
      remark: input.remark,
      status: CustomStatus.PENDING,
      createdAt: t,
      updatedAt: t,
    });
    await repo.insertGoods(
      trx,
      input.goodsList.map((g) => ({ ...g, customizedId: id })),
    );
    await notify(trx, 'staff-inquiry', { kind: 'customized', ...input });
    return id;
  });
}

export async function listRequests(
  db: Db,
  userId: number,
  q: CustomizedListInput,
): Promise<Paged<Customized>> {
  const page = await repo.pageRequests(
    db,
    userId,
    { startTime: q.startTime, endTime: q.endTime },
    q,
  );
  const goods = await repo.goodsOfRequests(
    db,
    page.records.map((r) => r.id),
  );
  return { ...page, records: page.records.map((r) => toCustomized(r, goods)) };
}

export async function getRequest(db: Db, userId: number, id: number): Promise<Customized> {
  const row = await repo.findRequest(db, userId, id);
  if (!row) throw notFound(NOT_FOUND);
  return toCustomized(row, await repo.goodsOfRequests(db, [row.id]));
}

/** Only a pending request can be cancelled. */
export async function cancelRequest(db: Db, userId: number, id: number): Promise<void> {
  const change = { from: CustomStatus.PENDING, to: CustomStatus.CANCELLED };
  if (await repo.changeStatus(db, userId, id, change, now())) return;
  if (!(await repo.findRequest(db, userId, id))) throw notFound(NOT_FOUND);
  throw badRequest(NOT_CANCELLABLE);
}

/** Records how staff handle a request (the staff inbox): status, remark, assignee. */
export const setRequestHandling = (
  db: Db,
  id: number,
  set: { handleStatus: number; staffRemark: string; assigneeId: number | null },
) => repo.setHandling(db, id, set);

/**
 * Staff process or cancel a pending request with their reply (the staff inbox); answers whether
 * it was pending.
 */
export const resolveRequest = (
  db: Db,
  id: number,
  answer: { status: number; reply: string; at: number },
) => repo.resolvePending(db, id, answer);
