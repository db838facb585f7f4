import { MEMBER_EVENTS, type MemberEvent, type NotifyEvent } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import type { NewRow } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import { readSetting } from '../../lib/settings.repository.ts';
import { parseStringRecord } from '../../lib/json-text.ts';
import { NoticeReads, noticesOf, type NotifyParams } from './notices.ts';
import * as repo from './notifications.repository.ts';
import { SMS_EVENTS, TEMPLATES, render, type TemplateText } from './notifications.templates.ts';

/** The shop's name in the texts: the company settings' name, else a plain one. */
export async function shopName(db: Db): Promise<string> {
  const company = parseStringRecord((await readSetting(db, 'company')) ?? '{}');
  return company.name || '实验室试剂商城';
}

/** The texts of an event: the staff's edited template, else the shop's default. */
export async function templateTexts(
  db: Db,
  events: NotifyEvent[],
): Promise<Map<string, TemplateText>> {
  const edited = new Map((await repo.allTemplates(db)).map((t) => [t.event, t]));
  return new Map(
    events.map((e) => {
      const t = edited.get(e) ?? TEMPLATES[e];
      return [e, { subject: t.subject, body: t.body, sms: SMS_EVENTS.includes(e) ? t.sms : '' }];
    }),
  );
}

const isMemberEvent = (e: NotifyEvent): e is MemberEvent =>
  (MEMBER_EVENTS as readonly string[]).includes(e);

/** One event and what its notify() call passes. */
export type NotifyCall = { [E in NotifyEvent]: readonly [E, NotifyParams[E]] }[NotifyEvent];

/**
 * Tells everyone concerned of an event. Call it inside the transaction that makes the event
 * happen: the member's message, the outbox rows (email, SMS) and the staff alert are written
 * with it, or not at all when it rolls back. Sending happens later (notifications.sender.ts).
 */
export function notify<E extends NotifyEvent>(
  trx: Db,
  event: E,
  params: NotifyParams[E],
): Promise<void> {
  return notifyAll(trx, [[event, params] as NotifyCall]);
}

/** Tells of several events of one transaction at once, reading what they share once. */
export async function notifyAll(trx: Db, calls: readonly NotifyCall[]): Promise<void> {
  const reads = new NoticeReads(trx);
  const notices = (
    await Promise.all(calls.map(([event, params]) => noticesOf(reads, event, params as never)))
  ).flat();
  if (notices.length === 0) return;
  const [name, texts] = await Promise.all([
    shopName(trx),
    templateTexts(
      trx,
      notices.map((n) => n.event),
    ),
  ]);
  const t = now();
  const messages: NewRow<'memberMessages'>[] = [];
  const rows: NewRow<'notificationOutbox'>[] = [];
  for (const n of notices) {
    const text = texts.get(n.event);
    if (!text) continue;
    const values = { shopName: name, ...n.params };
    const subject = render(text.subject, values);
    const body = render(text.body, values);
    const row = {
      event: n.event,
      audience: n.audience,
      userId: n.userId,
      subject,
      body,
      link: n.link,
      params: JSON.stringify(values),
      state: 'pending',
      attempts: 0,
      nextAttemptAt: t,
      claimedBy: '',
      lastError: '',
      createdAt: t,
      updatedAt: t,
    };
    if (n.audience === 'staff') {
      // Addressed when sent: STAFF_NOTIFY_EMAIL is the sending instance's setting.
      rows.push({ ...row, channel: 'email', recipient: '' });
      continue;
    }
    if (n.audience === 'contact') {
      if (n.email) rows.push({ ...row, channel: 'email', recipient: n.email });
      continue;
    }
    if (n.userId === null || !isMemberEvent(n.event)) continue;
    const [user, optOuts] = await Promise.all([reads.user(n.userId), reads.optOuts(n.userId)]);
    if (!user) continue;
    messages.push({
      userId: user.id,
      event: n.event,
      title: subject,
      content: body,
      link: n.link,
      createdAt: t,
    });
    if (user.email && !optOuts.includes(n.event)) {
      rows.push({ ...row, channel: 'email', recipient: user.email });
    }
    if (user.phone && text.sms) {
      rows.push({ ...row, channel: 'sms', recipient: user.phone, body: render(text.sms, values) });
    }
  }
  await repo.insertMemberMessages(trx, messages);
  await repo.insertOutbox(trx, rows);
}
