import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import { ALIYUN_SMS_ENDPOINT, sendAliyunSms } from '../account/index.ts';
import * as repo from './notifications.repository.ts';

/** One email as it leaves the shop. */
export interface OutgoingMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/**
 * How this instance reaches people. A channel that is not configured is null: its messages are
 * marked skipped (the outbox says why), and staff can resend them once it is.
 */
export interface Transports {
  email: ((mail: OutgoingMail) => Promise<void>) | null;
  /** Sends the SMS of an event with its template parameters; null without a provider. */
  sms: ((to: string, event: string, params: Record<string, string>) => Promise<void>) | null;
  staffEmails: string[];
  /** Public origin links in emails start with ('' leaves them relative). */
  siteUrl: string;
  close: () => void;
}

export function createTransports(config: Config): Transports {
  // Timeouts well inside the claim's lease, so a stalled mail server fails the attempt instead of
  // outliving the claim and letting another sender send the message again.
  const transport = config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
      })
    : null;
  const templates: Record<string, string> = {
    'order-priced': config.smsNotifyTemplates.orderPriced,
    'order-shipped': config.smsNotifyTemplates.orderShipped,
  };
  const smsReady =
    config.smsProvider === 'aliyun' &&
    Boolean(config.smsAccessKeyId && config.smsAccessKeySecret && config.smsSignName);
  return {
    email: transport
      ? async (mail) => {
          await transport.sendMail({ from: config.smtpFrom, ...mail, to: mail.to.join(', ') });
        }
      : null,
    sms: smsReady
      ? async (to, event, params) => {
          const templateCode = templates[event];
          if (!templateCode) throw new ChannelMissing(`未配置该通知的短信模板（${event}）`);
          await sendAliyunSms(
            {
              endpoint: config.smsEndpoint || ALIYUN_SMS_ENDPOINT,
              accessKeyId: config.smsAccessKeyId,
              accessKeySecret: config.smsAccessKeySecret,
              signName: config.smsSignName,
            },
            to,
            templateCode,
            params,
          );
        }
      : null,
    staffEmails: config.staffNotifyEmails,
    siteUrl: config.siteUrl,
    close: () => transport?.close(),
  };
}

/** The message cannot go out through this instance's settings: skipped, not retried. */
class ChannelMissing extends Error {}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An address of the storefront's API written in a body, up to the next space or separator. */
const API_PATH = /(?<![\w/.:])\/client\/v1\/[^\s；，。]+/g;

/** A paragraph as HTML, each API address in it a link to the site (left as text without one). */
function htmlOf(text: string, siteUrl: string): string {
  let html = '';
  let at = 0;
  for (const m of text.matchAll(API_PATH)) {
    html += escapeHtml(text.slice(at, m.index));
    const href = escapeHtml(`${siteUrl}${m[0]}`);
    html += siteUrl ? `<a href="${href}">${href}</a>` : escapeHtml(m[0]);
    at = m.index + m[0].length;
  }
  return html + escapeHtml(text.slice(at));
}

/** The email of an outbox row: the rendered text, the shop's name and logo, a link back. */
export function composeEmail(
  row: Pick<Row<'notificationOutbox'>, 'subject' | 'body' | 'link' | 'params'>,
  siteUrl: string,
): Omit<OutgoingMail, 'to'> {
  let shop = '';
  try {
    const params = JSON.parse(row.params) as { shopName?: unknown };
    shop = typeof params.shopName === 'string' ? params.shopName : '';
  } catch {
    shop = '';
  }
  // A relative link is of no use in a mailbox: without SITE_URL the email carries none.
  const url = row.link && siteUrl ? `${siteUrl}${row.link}` : '';
  const footer = '此邮件由系统自动发送，请勿直接回复。';
  // The API's file addresses in a body (a package's safety data sheets) get the site's origin.
  const body = siteUrl ? row.body.replace(API_PATH, (path) => `${siteUrl}${path}`) : row.body;
  const text = [body, url ? `\n查看详情：${url}` : '', `\n${shop}\n${footer}`].join('\n');
  const paragraphs = row.body
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 12px">${htmlOf(p, siteUrl).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const logo = siteUrl
    ? `<img src="${escapeHtml(siteUrl)}/images/logo.svg" alt="" height="32" style="vertical-align:middle;margin-right:8px">`
    : '';
  const button = url
    ? `<p style="margin:20px 0"><a href="${escapeHtml(url)}" style="background:#1677ff;color:#fff;padding:8px 18px;border-radius:4px;text-decoration:none">查看详情</a></p>`
    : '';
  const html =
    '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"></head>' +
    "<body style=\"margin:0;padding:24px;background:#f5f5f5;font-family:'PingFang SC','Microsoft YaHei',sans-serif;color:#333;font-size:14px;line-height:1.7\">" +
    '<div style="max-width:600px;margin:0 auto;background:#fff;border-radius:6px;padding:24px">' +
    `<div style="font-size:18px;font-weight:600;margin-bottom:16px">${logo}${escapeHtml(shop)}</div>` +
    `${paragraphs}${button}` +
    `<p style="margin-top:24px;color:#999;font-size:12px">${footer}</p></div></body></html>`;
  return { subject: row.subject, text, html };
}

export interface SendOptions {
  at?: number;
  /** Names the claiming sender in the rows it holds; one per process by default. */
  holder?: string;
  /** Rows claimed per batch. */
  batch?: number;
  /** How long a claim holds before another sender may take the row over. */
  leaseMs?: number;
  maxAttempts?: number;
  /** Wait after the first failure; doubled after each further one, up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export const RETRY = {
  maxAttempts: 8,
  baseDelayMs: 60_000,
  maxDelayMs: 2 * 60 * 60_000,
  leaseMs: 5 * 60_000,
};

/** The wait before attempt `attempts + 1` after `attempts` failed ones. */
export function backoffMs(attempts: number, base: number, max: number): number {
  return Math.min(base * 2 ** Math.max(0, attempts - 1), max);
}

const processHolder = `${process.pid}-${randomBytes(4).toString('hex')}`;

export interface SendReport {
  sent: number;
  retried: number;
  failed: number;
  skipped: number;
}

async function deliver(row: Row<'notificationOutbox'>, t: Transports): Promise<string> {
  if (row.channel === 'sms') {
    if (!t.sms) throw new ChannelMissing('未配置短信服务（SMS_PROVIDER）');
    let params: Record<string, string> = {};
    try {
      params = JSON.parse(row.params) as Record<string, string>;
    } catch {
      params = {};
    }
    await t.sms(row.recipient, row.event, params);
    return row.recipient;
  }
  if (!t.email) throw new ChannelMissing('未配置邮件服务（SMTP_URL）');
  const to = row.audience === 'staff' ? t.staffEmails : [row.recipient];
  if (to.length === 0) throw new ChannelMissing('未配置员工通知邮箱（STAFF_NOTIFY_EMAIL）');
  await t.email({ to, ...composeEmail(row, t.siteUrl) });
  return to.join(', ');
}

/**
 * Sends what is due: each row is claimed by a conditional update first (docs/notifications.md,
 * exactly-once claim), then sent, then marked sent; a failure is retried with exponential
 * backoff until maxAttempts, then marked failed.
 */
export async function sendDueMessages(
  db: Db,
  transports: Transports,
  opts: SendOptions = {},
): Promise<SendReport> {
  const holder = opts.holder ?? processHolder;
  const batch = opts.batch ?? 50;
  const leaseMs = opts.leaseMs ?? RETRY.leaseMs;
  const maxAttempts = opts.maxAttempts ?? RETRY.maxAttempts;
  const base = opts.baseDelayMs ?? RETRY.baseDelayMs;
  const maxDelay = opts.maxDelayMs ?? RETRY.maxDelayMs;
  const report: SendReport = { sent: 0, retried: 0, failed: 0, skipped: 0 };
  const at = opts.at ?? now();
  const ids = await repo.dueOutboxIds(db, at, batch);
  for (const id of ids) {
    // The lease runs from the claim itself, not from the start of the batch.
    const leaseUntil = Math.max(at, now()) + leaseMs;
    const row = await repo.claimOutbox(db, { id, at, holder, leaseUntil });
    if (!row) continue;
    try {
      const recipient = await deliver(row, transports);
      await repo.finishOutbox(db, id, holder, {
        state: 'sent',
        recipient,
        sentAt: now(),
        lastError: '',
        updatedAt: now(),
      });
      report.sent += 1;
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      if (err instanceof ChannelMissing) {
        await repo.finishOutbox(db, id, holder, {
          state: 'skipped',
          lastError: message,
          updatedAt: now(),
        });
        report.skipped += 1;
      } else if (row.attempts >= maxAttempts) {
        await repo.finishOutbox(db, id, holder, {
          state: 'failed',
          lastError: message,
          updatedAt: now(),
        });
        report.failed += 1;
      } else {
        await repo.finishOutbox(db, id, holder, {
          state: 'pending',
          lastError: message,
          nextAttemptAt: at + backoffMs(row.attempts, base, maxDelay),
          updatedAt: now(),
        });
        report.retried += 1;
      }
    }
  }
  return report;
}
