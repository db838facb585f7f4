import {
  MONEY_ROUTING_LABEL,
  SEAL_IMAGE_FORMAT,
  SETTING_CHANGE_STATUS_LABEL,
  settingChangeLines,
  type MoneyRoutingSetting,
  type SettingChange,
  type SettingChangeStatus,
} from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { chinaDateTime, now } from '../../lib/clock.ts';
import type { FileStore } from '../../lib/file-store/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { bumpCatalogueVersion } from '../../lib/catalogue-version.ts';
import { parseStringRecord } from '../../lib/json-text.ts';
import * as settings from '../../lib/settings.repository.ts';
import { isStoredPngOrJpeg } from '../../lib/uploads.ts';
import { isUniqueViolation } from '../../db/unique.ts';
import { recordAudit } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import * as repo from './money-routing.repository.ts';

/**
 * Four eyes on money routing (docs/console.md, "Money routing"): a change of the bank account,
 * the company details or the seal is stored as a proposal, and `settings` (what buyers and
 * documents read) changes only when a second staff member confirms it.
 */

const CHANGE_NOT_FOUND = '变更不存在';
const SELF_CONFIRM = '不能确认自己提交的变更，须由另一位财务或管理员确认';
const UNCHANGED = '与当前设置相同，无需变更';
const pendingExists = (key: MoneyRoutingSetting) =>
  `${MONEY_ROUTING_LABEL[key]}已有一项待确认的变更，请先确认、驳回或撤回`;
const alreadyDecided = (status: string) =>
  `该变更${SETTING_CHANGE_STATUS_LABEL[status as SettingChangeStatus] ?? '已处理'}，请刷新后查看`;

/** The value in force, as buyers and documents see it. */
export async function readCurrent(db: Db, key: MoneyRoutingSetting) {
  return parseStringRecord((await settings.readSetting(db, key)) ?? '{}');
}

const toChange = (r: repo.ChangeRow, staffId: number): SettingChange => ({
  id: r.id,
  key: r.key as MoneyRoutingSetting,
  before: parseStringRecord(r.before),
  after: parseStringRecord(r.after),
  status: r.status as SettingChangeStatus,
  proposedBy: { id: r.proposedBy, name: r.proposerName },
  proposedAt: Number(r.proposedAt),
  decidedBy: r.decidedBy === null ? null : { id: r.decidedBy, name: r.deciderName ?? '' },
  decidedAt: r.decidedAt === null ? null : Number(r.decidedAt),
  reason: r.reason,
  mine: r.proposedBy === staffId,
});

/** The latest changes (pending and decided), newest first, as the staff member asking sees them. */
export async function listChanges(db: Db, key: MoneyRoutingSetting | undefined, staffId: number) {
  return (await repo.latestChanges(db, key, 20)).map((r) => toChange(r, staffId));
}

const changesText = (
  key: MoneyRoutingSetting,
  before: Record<string, string>,
  after: Record<string, string>,
) =>
  settingChangeLines(key, before, after)
    .map((l) => `${l.label}：${l.before || '（空）'} → ${l.after || '（空）'}`)
    .join('\n');

/**
 * Proposes a new value. The value in force stays until another staff member confirms; one
 * change per setting may be pending (the unique pending key settles two proposals at once).
 */
export async function propose(
  db: Db,
  key: MoneyRoutingSetting,
  value: Record<string, string>,
  staffId: number,
): Promise<{ id: number }> {
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await readCurrent(trx, key);
      if (settingChangeLines(key, before, value).length === 0) throw badRequest(UNCHANGED);
      if (await repo.pendingOf(trx, key)) throw badRequest(pendingExists(key));
      const t = now();
      const id = await repo.insertChange(trx, {
        key,
        pendingKey: key,
        before: JSON.stringify(before),
        after: JSON.stringify(value),
        status: 'pending',
        proposedBy: staffId,
        proposedAt: t,
        decidedBy: null,
        decidedAt: null,
      });
      await recordAudit(trx, {
        staffId,
        action: `setting.${key}.propose`,
        target: `setting:${key}`,
        before,
        after: value,
      });
      await notify(trx, 'staff-setting-proposed', {
        setting: MONEY_ROUTING_LABEL[key],
        proposer: await repo.staffName(trx, staffId),
        time: chinaDateTime(t),
        changes: changesText(key, before, value),
      });
      return { id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(pendingExists(key));
    throw err;
  }
}

/** Proposes a new seal: a PNG or JPEG kept in the file store, or none (''). */
export async function proposeSeal(
  db: Db,
  files: FileStore,
  value: { image: string },
  staffId: number,
) {
  if (value.image !== '' && !(await isStoredPngOrJpeg(files, value.image))) {
    throw badRequest(SEAL_IMAGE_FORMAT);
  }
  return propose(db, 'seal', value, staffId);
}

async function pendingChange(db: Db, id: number) {
  const change = await repo.findChange(db, id);
  if (!change) throw notFound(CHANGE_NOT_FOUND);
  if (change.status !== 'pending') throw badRequest(alreadyDecided(change.status));
  return change;
}

/** After a conditional update changed nothing: who decided first, in the caller's words. */
async function lostRace(db: Db, id: number): Promise<never> {
  const change = await repo.findChange(db, id);
  throw badRequest(alreadyDecided(change?.status ?? ''));
}

/**
 * 确认生效 by a staff member other than the proposer: the proposed value is written to the
 * settings in the same transaction that decides the change, so it applies once however many
 * confirm at once; the others get a 400.
 */
export async function confirm(db: Db, id: number, staffId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const change = await pendingChange(trx, id);
    if (change.proposedBy === staffId) throw badRequest(SELF_CONFIRM);
    const t = now();
    const decided = await repo.decide(trx, id, {
      status: 'applied',
      staffId,
      at: t,
      reason: '',
      notBy: staffId,
    });
    if (!decided) await lostRace(trx, id);
    const key = change.key as MoneyRoutingSetting;
    const before = await readCurrent(trx, key);
    const after = parseStringRecord(change.after);
    await settings.writeSetting(trx, key, change.after);
    await recordAudit(trx, {
      staffId,
      action: `setting.${key}.confirm`,
      target: `setting:${key}`,
      before,
      after,
    });
    await bumpCatalogueVersion(trx);
    await notify(trx, 'staff-setting-confirmed', {
      setting: MONEY_ROUTING_LABEL[key],
      proposer: change.proposerName,
      confirmer: await repo.staffName(trx, staffId),
      time: chinaDateTime(t),
      changes: changesText(key, before, after),
    });
  });
}

/**
 * 驳回 by another staff member, or 撤回 by the proposer: the change is closed and the value in
 * force stays.
 */
export async function reject(
  db: Db,
  id: number,
  staffId: number,
  reason: string,
): Promise<'rejected' | 'withdrawn'> {
  return db.transaction().execute(async (trx) => {
    const change = await pendingChange(trx, id);
    const status = change.proposedBy === staffId ? 'withdrawn' : 'rejected';
    const decided = await repo.decide(trx, id, { status, staffId, at: now(), reason });
    if (!decided) await lostRace(trx, id);
    const key = change.key as MoneyRoutingSetting;
    await recordAudit(trx, {
      staffId,
      action: `setting.${key}.${status === 'withdrawn' ? 'withdraw' : 'reject'}`,
      target: `setting:${key}`,
      before: parseStringRecord(change.before),
      after: { ...parseStringRecord(change.after), ...(reason ? { reason } : {}) },
    });
    return status;
  });
}
