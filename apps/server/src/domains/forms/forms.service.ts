import type { CoaRecord } from '@labshop/shared/schemas';
import { COA_LINK_TTL_MS, openCoaToken, signCoaLink } from './coa-links.ts';
import type { Db } from '../../db/database.ts';
import { chinaDate, now } from '../../lib/clock.ts';
import { reserveAttempts, type Window } from '../../lib/rate-limit.ts';
import * as repo from './forms.repository.ts';
import { notify } from '../notifications/index.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * Per-IP limits for each form. Check-ins are looser because a whole event venue may share one
 * address; COA lookups are looser because they store nothing but still must not be enumerated.
 */
export const FORM_LIMITS: Record<'feedback' | 'bulkInquiry' | 'survey' | 'coa', Window[]> = {
  feedback: [
    { ms: MINUTE, max: 5 },
    { ms: DAY, max: 50 },
  ],
  bulkInquiry: [
    { ms: MINUTE, max: 5 },
    { ms: DAY, max: 50 },
  ],
  survey: [
    { ms: MINUTE, max: 30 },
    { ms: DAY, max: 500 },
  ],
  coa: [
    { ms: MINUTE, max: 30 },
    { ms: DAY, max: 500 },
  ],
};

async function limited<T>(
  db: Db,
  form: keyof typeof FORM_LIMITS,
  ip: string,
  action: () => Promise<T>,
) {
  const attempt = await reserveAttempts(db, [[`form:${form}:${ip}`, FORM_LIMITS[form]]]);
  try {
    return await action();
  } catch (err) {
    // A submission that was not stored does not count against the limit.
    await attempt.release();
    throw err;
  }
}

export interface FeedbackInput {
  contact: string;
  phone: string;
  email: string;
  address: string;
  content: string;
}

export function submitFeedback(db: Db, input: FeedbackInput, ip: string): Promise<void> {
  return limited(db, 'feedback', ip, () =>
    db.transaction().execute(async (trx) => {
      await repo.insertFeedback(trx, { ...input, ip, createdAt: now() });
      await notify(trx, 'staff-inquiry', { kind: 'messages', company: '', ...input });
    }),
  );
}

export interface BulkInquiryInput {
  contact: string;
  phone: string;
  email: string;
  company: string;
  content: string;
}

export function submitBulkInquiry(
  db: Db,
  input: BulkInquiryInput,
  userId: number | null,
  ip: string,
): Promise<void> {
  return limited(db, 'bulkInquiry', ip, () =>
    db.transaction().execute(async (trx) => {
      await repo.insertBulkInquiry(trx, { ...input, userId, ip, createdAt: now() });
      await notify(trx, 'staff-inquiry', { kind: 'inquiries', ...input });
    }),
  );
}

/** 'QD' + the China calendar date (YYYYMMDD) of `t`. */
export const checkinPrefix = (t: number): string => `QD${chinaDate(t).replaceAll('-', '')}`;

/** The check-in number shown to the guest: the day's prefix and a 4-digit sequence. */
export const checkinNumber = (t: number, sequence: number): string =>
  `${checkinPrefix(t)}${String(sequence).padStart(4, '0')}`;

/** Concurrent check-ins may pick the same sequence; the loser retries with the next one. */
const CHECKIN_ATTEMPTS = 10;

export interface SurveyInput {
  name: string;
  phone: string;
  email: string;
  company: string;
  dept: string;
  extra: string;
}

export function checkIn(db: Db, input: SurveyInput, ip: string) {
  return limited(db, 'survey', ip, async () => {
    const t = now();
    for (let attempt = 0; attempt < CHECKIN_ATTEMPTS; attempt++) {
      const sequence = (await repo.countCheckinsWithPrefix(db, checkinPrefix(t))) + 1 + attempt;
      const number = checkinNumber(t, sequence);
      if (await repo.tryInsertCheckin(db, { ...input, number, createdAt: t })) {
        return { number, time: t };
      }
    }
    throw new Error('no free check-in number');
  });
}

/**
 * The link to a certificate: files below DATA_DIR/files get a signed link that expires (see
 * coa-links.ts); a certificate kept elsewhere (an http(s) address) is linked as it is.
 */
export function coaUrl(linkKey: Buffer, file: string, at: number): string {
  if (/^https?:\/\//i.test(file)) return file;
  return signCoaLink(linkKey, file, at + COA_LINK_TTL_MS);
}

export function lookupCoa(
  db: Db,
  linkKey: Buffer,
  input: { productNumber: string; lotNumber: string },
  ip: string,
): Promise<CoaRecord[]> {
  return limited(db, 'coa', ip, async () => {
    const rows = await repo.findCoaRecords(db, input.productNumber, input.lotNumber);
    const t = now();
    return rows.map((r) => ({ name: r.name, expire: r.expire, url: coaUrl(linkKey, r.file, t) }));
  });
}

/** The path below the files directory a certificate link opens, or null for a bad link. */
export function certificateFile(linkKey: Buffer, token: string): string | null {
  const file = openCoaToken(linkKey, token, now());
  if (file === null) return null;
  const segments = file.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return null;
  return segments.join('/');
}

/** The forms of the staff inbox's lists. */
const INBOX_FORMS = {
  messages: 'feedbacks',
  inquiries: 'bulkInquiries',
  checkins: 'surveyCheckins',
} as const;

/** Records how staff handle a submitted form (the staff inbox): status, remark, assignee. */
export const setFormHandling = (
  db: Db,
  list: keyof typeof INBOX_FORMS,
  id: number,
  set: { handleStatus: number; staffRemark: string; assigneeId: number | null },
) => repo.setHandling(db, INBOX_FORMS[list], id, set);
