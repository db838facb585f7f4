import { BalanceBusiness, toFen, toYuan, type Paged } from '@labshop/shared';
import type { z } from 'zod';
import type { MemberDetail, MemberRecord, memberListQuery } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { setAccountDisabled } from '../account/index.ts';
import { recordAudit } from '../audit/index.ts';
import { creditBalance, debitBalance, latestRecords } from '../balance/index.ts';
import { toManageOrder } from '../orders/index.ts';
import type { StaffIdentity } from '../staff/index.ts';
import { revokeAllSessions } from '../session/index.ts';
import * as repo from './members.repository.ts';

const MEMBER_NOT_FOUND = '会员不存在';
const BALANCE_WOULD_GO_NEGATIVE = '调整后余额不能小于 0';
/** Balance columns are 32-bit fen on PostgreSQL. */
const BALANCE_MAX_FEN = 2_000_000_000;
const BALANCE_TOO_LARGE = '调整后余额超出上限';

const toRecord = (u: Row<'users'>): MemberRecord => ({
  id: u.id,
  account: u.account,
  phone: u.phone ?? '',
  email: u.email ?? '',
  name: u.name,
  company: u.company,
  balance: toYuan(u.balance),
  disabled: u.disabled === 1,
  createTime: u.createdAt,
});

export async function listMembers(
  db: Db,
  q: z.output<typeof memberListQuery>,
): Promise<Paged<MemberRecord>> {
  const { rows, total } = await repo.pageMembers(db, q.key, q, q.sort);
  return { records: rows.map(toRecord), current: q.page, size: q.size, total };
}

export async function getMember(db: Db, id: number): Promise<MemberDetail> {
  const u = await repo.findMember(db, id);
  if (!u) throw notFound(MEMBER_NOT_FOUND);
  const [orders, ledger, invoice, addresses] = await Promise.all([
    repo.latestOrders(db, id, 50),
    latestRecords(db, id, 100),
    repo.invoiceOf(db, id),
    repo.addressesOf(db, id),
  ]);
  const brief = {
    id: u.id,
    account: u.account,
    name: u.name,
    phone: u.phone ?? '',
    company: u.company,
  };
  return {
    ...toRecord(u),
    telephone: u.telephone,
    invoice: invoice
      ? {
          invoiceType: invoice.invoiceType,
          invoiceHeader: invoice.invoiceHeader,
          invoiceEmail: invoice.invoiceEmail,
          taxpayerNumber: invoice.taxpayerNumber,
          registerAddress: invoice.registerAddress,
          registerTelephone: invoice.registerTelephone,
          bankName: invoice.bankName,
          bankAccount: invoice.bankAccount,
        }
      : null,
    addresses: addresses.map((a) => ({
      id: a.id,
      name: a.name,
      phone: a.phone,
      region: a.region,
      address: a.address,
      isDefault: a.isDefault === 1,
    })),
    orders: orders.map((o) => toManageOrder(o, brief)),
    ledger: ledger.map((r) => ({
      id: r.id,
      type: r.type,
      business: r.business,
      amount: toYuan(r.amount),
      balanceAfter: toYuan(r.balanceAfter),
      remark: r.remark,
      createTime: r.createdAt,
    })),
  };
}

/**
 * Finance adjusts a balance: one transaction with a conditional update (never below zero) and
 * its ledger row (business 1, income or expense by sign), and the audit row.
 */
export async function adjustBalance(
  db: Db,
  staff: StaffIdentity,
  id: number,
  input: { amount: number; remark: string },
): Promise<{ balance: number }> {
  const delta = toFen(input.amount);
  return db.transaction().execute(async (trx) => {
    const u = await repo.findMember(trx, id);
    if (!u) throw notFound(MEMBER_NOT_FOUND);
    if (u.balance + delta > BALANCE_MAX_FEN) throw badRequest(BALANCE_TOO_LARGE);
    const t = now();
    const entry = {
      userId: id,
      amountFen: Math.abs(delta),
      business: BalanceBusiness.ADJUSTMENT,
      remark: input.remark,
      at: t,
    };
    const after = delta > 0 ? await creditBalance(trx, entry) : await debitBalance(trx, entry);
    if (after === undefined) throw badRequest(BALANCE_WOULD_GO_NEGATIVE);
    await recordAudit(trx, {
      staffId: staff.id,
      action: 'member.balance',
      target: `member:${id}`,
      before: { balance: toYuan(after - delta) },
      after: { balance: toYuan(after), amount: input.amount, remark: input.remark },
    });
    return { balance: toYuan(after) };
  });
}

/** Disables or enables a member; disabling ends every session at once. */
export async function setMemberDisabled(
  db: Db,
  staff: StaffIdentity,
  id: number,
  disabled: boolean,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const u = await repo.findMember(trx, id);
    if (!u) throw notFound(MEMBER_NOT_FOUND);
    const t = now();
    await setAccountDisabled(trx, id, disabled, t);
    if (disabled) await revokeAllSessions(trx, id, t);
    await recordAudit(trx, {
      staffId: staff.id,
      action: disabled ? 'member.disable' : 'member.enable',
      target: `member:${id}`,
      before: { disabled: u.disabled === 1 },
      after: { disabled },
    });
  });
}
