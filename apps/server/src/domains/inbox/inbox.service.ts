import ExcelJS from 'exceljs';
import { CUSTOM_STATUS_LABEL, type Paged } from '@labshop/shared';
import {
  HANDLE_STATUS_LABEL,
  INBOX_KIND_LABEL,
  type InboxKind,
  type InboxReply,
  type InboxRecord,
} from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { chinaDateTime, now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { resolveRequest, setRequestHandling } from '../customized/index.ts';
import { setFormHandling } from '../forms/index.ts';
import type { StaffIdentity } from '../staff/index.ts';
import * as repo from './inbox.repository.ts';
import { notify } from '../notifications/index.ts';

const ITEM_NOT_FOUND = '记录不存在';
const ASSIGNEE_UNKNOWN = '指派的员工不存在';
const NO_EMAIL = '对方没有留下邮箱，无法邮件答复';
const CUSTOMIZED_NOT_PENDING = '只有待处理的定制需求可以处理或取消';

/** The most rows one export writes. */
const EXPORT_MAX = 10_000;

function detailOf(
  row: repo.InboxRow,
  goods: Awaited<ReturnType<typeof repo.customizedGoods>>,
): string {
  const parts: string[] = [];
  if (row.address) parts.push(`地址：${row.address}`);
  if (row.number) parts.push(`签到编号：${row.number}`);
  if (row.dept) parts.push(`部门：${row.dept}`);
  if (row.extra) parts.push(`其他：${row.extra}`);
  for (const g of goods.filter((x) => x.customizedId === row.id)) {
    parts.push(
      `${g.name} CAS ${g.cas} ${g.pack} × ${g.quantity}（期望 ${g.expectDeliveryTime} 天）`,
    );
  }
  if (row.remark) parts.push(`备注：${row.remark}`);
  return parts.join('；');
}

async function records(db: Db, kind: InboxKind, rows: repo.InboxRow[]): Promise<InboxRecord[]> {
  const goods =
    kind === 'customized'
      ? await repo.customizedGoods(
          db,
          rows.map((r) => r.id),
        )
      : [];
  return rows.map((r) => ({
    id: Number(r.id),
    contact: r.contact ?? '',
    phone: r.phone ?? '',
    email: r.email ?? '',
    company: r.company ?? '',
    content: r.content ?? '',
    detail: detailOf(r, goods),
    handleStatus: Number(r.handleStatus),
    staffRemark: r.staffRemark ?? '',
    assigneeId: r.assigneeId === null ? null : Number(r.assigneeId),
    assignee: r.assignee ?? '',
    status: r.status === undefined ? null : Number(r.status),
    reply: r.reply ?? '',
    userId: r.userId === undefined || r.userId === null ? null : Number(r.userId),
    createTime: Number(r.createdAt),
  }));
}

export async function listInbox(
  db: Db,
  kind: InboxKind,
  q: repo.InboxFilter & { page: number; size: number },
): Promise<Paged<InboxRecord>> {
  const { rows, total } = await repo.pageInbox(db, kind, q, q);
  return { records: await records(db, kind, rows), current: q.page, size: q.size, total };
}

export async function updateHandling(
  db: Db,
  staff: StaffIdentity,
  kind: InboxKind,
  id: number,
  input: { handleStatus: number; staffRemark: string; assigneeId?: number | null | undefined },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await repo.findHandling(trx, kind, id);
    if (!before) throw notFound(ITEM_NOT_FOUND);
    const assigneeId = input.assigneeId === undefined ? before.assigneeId : input.assigneeId;
    if (
      assigneeId !== null &&
      assigneeId !== before.assigneeId &&
      !(await repo.staffExists(trx, assigneeId))
    ) {
      throw badRequest(ASSIGNEE_UNKNOWN);
    }
    const after = { handleStatus: input.handleStatus, staffRemark: input.staffRemark, assigneeId };
    if (kind === 'customized') await setRequestHandling(trx, id, after);
    else await setFormHandling(trx, kind, id, after);
    await recordAudit(trx, {
      staffId: staff.id,
      action: `inbox.${kind}`,
      target: `${kind}:${id}`,
      before: {
        handleStatus: before.handleStatus,
        staffRemark: before.staffRemark,
        assigneeId: before.assigneeId,
      },
      after,
    });
  });
}

/** Processes or cancels a pending custom request; the member sees the status and reply. */
export async function resolveCustomized(
  db: Db,
  staff: StaffIdentity,
  id: number,
  input: { status: number; reply: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await repo.findCustomized(trx, id);
    if (!before) throw notFound(ITEM_NOT_FOUND);
    if (!(await resolveRequest(trx, id, { ...input, at: now() }))) {
      throw badRequest(CUSTOMIZED_NOT_PENDING);
    }
    await recordAudit(trx, {
      staffId: staff.id,
      action: 'customized.resolve',
      target: `customized:${id}`,
      before: { status: before.status },
      after: input,
    });
    await notify(trx, 'customized-answered', { customizedId: id });
  });
}

/**
 * Answers an online message or a bulk inquiry by email: the answer is kept in the item's thread
 * and mailed through the outbox (docs/notifications.md) in one transaction.
 */
export async function replyTo(
  db: Db,
  staff: StaffIdentity,
  kind: 'messages' | 'inquiries',
  id: number,
  content: string,
): Promise<InboxReply[]> {
  await db.transaction().execute(async (trx) => {
    const item = await repo.findCorrespondent(trx, kind, id);
    if (!item) throw notFound(ITEM_NOT_FOUND);
    if (!item.email) throw badRequest(NO_EMAIL);
    const t = now();
    const replyId = await repo.insertReply(trx, {
      kind,
      itemId: id,
      staffId: staff.id,
      email: item.email,
      content,
      createdAt: t,
    });
    await notify(trx, 'inbox-reply', {
      kind,
      email: item.email,
      contact: item.contact,
      content: item.content,
      reply: content,
    });
    await recordAudit(trx, {
      staffId: staff.id,
      action: `inbox.${kind}.reply`,
      target: `${kind}:${id}`,
      after: { replyId, email: item.email, content },
    });
  });
  return listReplies(db, kind, id);
}

export async function listReplies(
  db: Db,
  kind: 'messages' | 'inquiries',
  id: number,
): Promise<InboxReply[]> {
  const [item, rows] = await Promise.all([
    repo.findCorrespondent(db, kind, id),
    repo.repliesOf(db, kind, id),
  ]);
  if (!item) throw notFound(ITEM_NOT_FOUND);
  return rows.map((r) => ({
    id: r.id,
    staff: r.staffName ?? '',
    email: r.email,
    content: r.content,
    createTime: r.createdAt,
  }));
}

/** The filtered list as an XLSX workbook (at most EXPORT_MAX rows). */
export async function exportInbox(db: Db, kind: InboxKind, q: repo.InboxFilter): Promise<Buffer> {
  const { rows } = await repo.pageInbox(db, kind, q, { page: 1, size: EXPORT_MAX });
  const list = await records(db, kind, rows);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(INBOX_KIND_LABEL[kind]);
  sheet.columns = [
    { header: 'ID', key: 'id', width: 8 },
    { header: '提交时间', key: 'time', width: 20 },
    { header: '联系人', key: 'contact', width: 14 },
    { header: '电话', key: 'phone', width: 16 },
    { header: '邮箱', key: 'email', width: 24 },
    { header: '单位', key: 'company', width: 24 },
    { header: '内容', key: 'content', width: 40 },
    { header: '其他信息', key: 'detail', width: 40 },
    { header: '处理状态', key: 'handle', width: 10 },
    { header: '负责人', key: 'assignee', width: 12 },
    { header: '内部备注', key: 'remark', width: 30 },
    ...(kind === 'customized'
      ? [
          { header: '定制状态', key: 'status', width: 10 },
          { header: '处理结果', key: 'reply', width: 30 },
        ]
      : []),
  ];
  for (const r of list) {
    sheet.addRow({
      id: r.id,
      time: chinaDateTime(r.createTime),
      contact: r.contact,
      phone: r.phone,
      email: r.email,
      company: r.company,
      content: r.content,
      detail: r.detail,
      handle: HANDLE_STATUS_LABEL[r.handleStatus] ?? '',
      assignee: r.assignee,
      remark: r.staffRemark,
      status: r.status === null ? '' : (CUSTOM_STATUS_LABEL[r.status] ?? ''),
      reply: r.reply,
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
