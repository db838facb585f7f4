import type { Paged, Role } from '@labshop/shared';
import type { StaffRecord } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import * as settings from '../../lib/settings.repository.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './staff.repository.ts';
import { assertStaffPassword } from './staff-security.ts';
import type { StaffIdentity } from './staff.service.ts';
import { STAFF_EXISTS, STAFF_NOT_FOUND, parseRoles } from './staff.rules.ts';

/** Staff accounts as admins keep them (list, create, edit, disable), and the demo staff. */

const toRecord = (r: repo.StaffRow): StaffRecord => ({
  id: r.id,
  account: r.account,
  name: r.name,
  roles: parseRoles(r.roles),
  disabled: r.disabled === 1,
  twoFactorEnabled: r.totpSecret !== null,
  createTime: r.createdAt,
});

const auditView = (r: repo.StaffRow) => ({
  account: r.account,
  name: r.name,
  roles: r.roles,
  disabled: r.disabled,
});

export async function listStaff(
  db: Db,
  q: { key: string; page: number; size: number },
): Promise<Paged<StaffRecord>> {
  const { rows, total } = await repo.pageStaff(db, q.key, q);
  return { records: rows.map(toRecord), current: q.page, size: q.size, total };
}

/** Active staff to assign inbox items to. */
export async function staffOptions(db: Db): Promise<{ id: number; name: string }[]> {
  return (await repo.activeStaff(db)).map((s) => ({ id: s.id, name: s.name || s.account }));
}

export async function createStaff(
  db: Db,
  actor: StaffIdentity,
  input: { account: string; name: string; roles: Role[]; password: string },
): Promise<{ id: number }> {
  const account = input.account.toLowerCase();
  assertStaffPassword(input.password, { account, name: input.name });
  const passwordHash = await hashPassword(input.password);
  const t = now();
  try {
    return await db.transaction().execute(async (trx) => {
      const row = {
        account,
        name: input.name,
        roles: [...new Set(input.roles)].join(','),
        disabled: 0,
      };
      const id = await repo.insertStaff(trx, { ...row, passwordHash, createdAt: t, updatedAt: t });
      await recordAudit(trx, {
        staffId: actor.id,
        action: 'staff.create',
        target: `staff:${id}`,
        after: row,
      });
      return { id };
    });
  } catch (err) {
    if (repo.isUniqueViolation(err)) throw badRequest(STAFF_EXISTS);
    throw err;
  }
}

/** Changes name, roles or the disabled flag; disabling ends the staff's sessions at once. */
export async function updateStaff(
  db: Db,
  actor: StaffIdentity,
  id: number,
  input: { name: string; roles: Role[]; disabled: boolean },
): Promise<void> {
  if (id === actor.id && (input.disabled || !input.roles.includes('admin'))) {
    throw badRequest('不能停用自己或取消自己的管理员角色');
  }
  await db.transaction().execute(async (trx) => {
    const before = await repo.findStaffById(trx, id);
    if (!before) throw notFound(STAFF_NOT_FOUND);
    const t = now();
    const set = {
      name: input.name,
      roles: [...new Set(input.roles)].join(','),
      disabled: input.disabled ? 1 : 0,
    };
    await repo.updateStaff(trx, id, { ...set, updatedAt: t });
    if (input.disabled) await repo.revokeSessionsOfStaff(trx, id, t);
    await recordAudit(trx, {
      staffId: actor.id,
      action: 'staff.update',
      target: `staff:${id}`,
      before: auditView(before),
      after: { account: before.account, ...set },
    });
  });
}

/** Demo staff accounts (docs/console.md, "Staff, roles and sessions"), inserted with the demo data only. */
const DEMO_STAFF: ReadonlyArray<{
  account: string;
  name: string;
  password: string;
  roles: Role[];
}> = [
  {
    account: 'admin',
    name: '管理员',
    password: 'Admin#123456',
    roles: ['admin', 'operator', 'warehouse', 'finance'],
  },
  { account: 'operator', name: '运营专员', password: 'Oper#123456', roles: ['operator'] },
  { account: 'warehouse', name: '仓库管理员', password: 'Ware#123456', roles: ['warehouse'] },
  { account: 'finance', name: '财务专员', password: 'Fin#123456', roles: ['finance'] },
  // A second finance member: a change of the bank account needs another's confirmation.
  { account: 'finance2', name: '财务复核', password: 'Fin2#123456', roles: ['finance'] },
  { account: 'compliance', name: '合规专员', password: 'Comp#123456', roles: ['compliance'] },
];

/**
 * Adds the demo staff to a demo database, once: the 'seed_staff' setting is claimed in the same
 * transaction, so a second call or a second instance changes nothing. Databases seeded before
 * the console existed get them on their next start.
 */
const DEMO_STAFF_MARKER = 'seed_staff';

/**
 * Demo staff added after the first ones, each batch under its own marker so databases seeded
 * earlier get them once too (the compliance officer: docs/compliance.md; the second finance
 * member, who confirms money-routing changes: docs/console.md, "Money routing").
 */
const LATER_DEMO_STAFF: Record<string, readonly string[]> = {
  seed_staff_compliance: ['compliance'],
  seed_staff_finance2: ['finance2'],
};
const later = new Set(Object.values(LATER_DEMO_STAFF).flat());

export async function seedDemoStaff(db: Db): Promise<void> {
  const batches: Array<[string, typeof DEMO_STAFF]> = [
    [DEMO_STAFF_MARKER, DEMO_STAFF.filter((s) => !later.has(s.account))],
    ...Object.entries(LATER_DEMO_STAFF).map(([marker, accounts]): [string, typeof DEMO_STAFF] => [
      marker,
      DEMO_STAFF.filter((s) => accounts.includes(s.account)),
    ]),
  ];
  for (const [marker, staff] of batches) {
    if ((await settings.readSetting(db, marker)) !== undefined) continue;
    const t = now();
    const rows = await Promise.all(
      staff.map(async (s) => ({
        account: s.account,
        name: s.name,
        roles: s.roles.join(','),
        passwordHash: await hashPassword(s.password),
        disabled: 0,
        createdAt: t,
        updatedAt: t,
      })),
    );
    await db.transaction().execute(async (trx) => {
      if (!(await settings.claimSetting(trx, marker, JSON.stringify({ at: t })))) return;
      // An account of the same name made by staff in the meantime is left as it is.
      const taken = new Set(
        (
          await repo.staffByAccounts(
            trx,
            rows.map((r) => r.account),
          )
        ).map((r) => r.account),
      );
      const fresh = rows.filter((r) => !taken.has(r.account));
      if (fresh.length > 0) await repo.insertStaffRows(trx, fresh);
    });
  }
}
