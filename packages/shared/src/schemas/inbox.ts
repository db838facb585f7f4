import { z } from 'zod';
import { epochMs, idParam, numeric, optionalText, pageQuery } from './fields.ts';

/** The four inbox lists: online messages, bulk inquiries, custom requests, survey check-ins. */
export const INBOX_KINDS = ['messages', 'inquiries', 'customized', 'checkins'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
export const INBOX_KIND_LABEL: Record<InboxKind, string> = {
  messages: '在线留言',
  inquiries: '批量询价',
  customized: '定制需求',
  checkins: '活动签到',
};
/** Handling status of an inbox item. */
export const HANDLE_STATUS_LABEL: Record<number, string> = { 1: '新', 2: '处理中', 3: '已完成' };

const handleStatus = (error: string) =>
  numeric(z.number({ error }).int({ error }).min(1, { error }).max(3, { error }));

export const inboxParams = z.object({ kind: z.enum(INBOX_KINDS, { error: '列表类型有误' }) });
export const inboxItemParams = inboxParams.extend({ id: idParam });

/** GET /manage/v1/inbox/{kind} and its XLSX export. */
export const inboxListQuery = pageQuery(20).extend({
  handleStatus: handleStatus('处理状态有误').optional(),
  key: optionalText(100),
  assigneeId: idParam.optional(),
  startTime: epochMs.optional(),
  endTime: epochMs.optional(),
});

export const inboxRecordSchema = z.object({
  id: z.number().int(),
  contact: z.string(),
  phone: z.string(),
  email: z.string(),
  company: z.string(),
  content: z.string(),
  /** Whatever else the visitor sent, as text (address, department, goods lines ...). */
  detail: z.string(),
  handleStatus: z.number().int(),
  staffRemark: z.string(),
  assigneeId: z.number().int().nullable(),
  assignee: z.string(),
  /** Custom requests only: SPEC status (1 pending, 2 processed, 3 cancelled) and the reply. */
  status: z.number().int().nullable(),
  reply: z.string(),
  /** Bulk inquiries and custom requests: the member who sent it when logged in, else null. */
  userId: z.number().int().nullable(),
  createTime: z.number(),
});
export type InboxRecord = z.infer<typeof inboxRecordSchema>;

/** PUT /manage/v1/inbox/{kind}/{id}: handling status, staff remark, assignment. */
export const inboxUpdateBody = z.object({
  handleStatus: handleStatus('处理状态有误'),
  staffRemark: optionalText(2000),
  assigneeId: idParam.nullable().optional(),
});

/** PUT /manage/v1/customized/{id}: processed (2) or cancelled (3), with the answer the member sees. */
export const customizedResultBody = z.object({
  status: numeric(
    z
      .number({ error: '定制状态有误' })
      .int({ error: '定制状态有误' })
      .min(2, { error: '定制状态有误' })
      .max(3, { error: '定制状态有误' }),
  ),
  reply: optionalText(2000),
});
