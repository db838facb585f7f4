import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayType, ResultCode } from '@labshop/shared';
import type { OrderDetail, SettingChange } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember } from '../../../test/fixtures/account.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';
import { auth, insertCartLine, insertPack, orderBody } from '../../../test/fixtures/orders.ts';

/**
 * Four eyes on money routing (docs/console.md, "Money routing"): only finance and admins change
 * the bank account, the company details and the seal, and a change shows to buyers only once a
 * second of them confirms it.
 */
let ctx: TestContext;
let operator: StaffMember;
let finance: StaffMember;
let finance2: StaffMember;
let admin: StaffMember;

const OLD_BANK = {
  accountName: '某某科技有限公司',
  bankName: '招商银行',
  accountNumber: '6222000011112222',
};
const NEW_BANK = {
  accountName: '某某科技有限公司',
  bankName: '工商银行',
  accountNumber: '6212999988887777',
};
const COMPANY = { name: '某某科技有限公司', tel: '010-12345678', email: 'a@b.cn', address: '北京' };

beforeAll(async () => {
  ctx = await createTestContext();
  operator = await createStaff(ctx.db, ['operator'], '运营甲');
  finance = await createStaff(ctx.db, ['finance'], '财务甲');
  finance2 = await createStaff(ctx.db, ['finance'], '财务乙');
  admin = await createStaff(ctx.db, ['admin'], '管理员甲');
  await ctx.db
    .insertInto('settings')
    .values({ key: 'bank', value: JSON.stringify(OLD_BANK) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(OLD_BANK) }))
    .execute();
});
afterAll(async () => ctx.close());

type Method = 'GET' | 'POST' | 'PUT';
const as = (who: { token: string }, method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: auth(who), ...(payload ? { payload } : {}) });

const proposeBank = async (who: StaffMember, value: object = NEW_BANK) => {
  const res = await as(who, 'PUT', '/manage/v1/settings/bank', value);
  expect(res.statusCode, res.body).toBe(200);
  return body<{ id: number }>(res).data.id;
};
const confirm = (who: StaffMember, id: number) =>
  as(who, 'POST', `/manage/v1/settings/changes/${id}/confirm`);
const reject = (who: StaffMember, id: number, reason = '') =>
  as(who, 'POST', `/manage/v1/settings/changes/${id}/reject`, { reason });

/** The bank details a buyer is shown on an unpaid bank-transfer order of theirs. */
async function buyerSees() {
  const m = await createMember(ctx);
  const line = await insertCartLine(ctx.db, m.userId, await insertPack(ctx.db, 1000));
  const placed = await ctx.app.inject({
    method: 'POST',
    url: '/client/v1/orders',
    headers: auth(m),
    payload: orderBody([line], { payType: PayType.BANK_TRANSFER }),
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const { id } = body<{ order: { id: number } }>(placed).data.order;
  const detail = body<OrderDetail>(
    await ctx.app.inject({ method: 'GET', url: `/client/v1/user/orders/${id}`, headers: auth(m) }),
  ).data;
  const { reference: _r, ...bank } = detail.bankTransfer ?? { reference: '' };
  return bank;
}

const auditOf = (action: string) =>
  ctx.db
    .selectFrom('auditLogs')
    .select(['staffId', 'action', 'target', 'before', 'after'])
    .where('action', '=', action)
    .orderBy('id')
    .execute();

const outboxOf = (event: string) =>
  ctx.db
    .selectFrom('notificationOutbox')
    .select(['event', 'audience', 'subject', 'body'])
    .where('event', '=', event)
    .orderBy('id')
    .execute();

describe('who may change money routing', () => {
  it('refuses the operator on the bank, company and seal settings with 403, changing nothing', async () => {
    const calls: Array<[Method, string, object?]> = [
      ['GET', '/manage/v1/settings/bank'],
      ['PUT', '/manage/v1/settings/bank', NEW_BANK],
      ['GET', '/manage/v1/settings/company'],
      ['PUT', '/manage/v1/settings/company', COMPANY],
      ['GET', '/manage/v1/settings/seal'],
      ['PUT', '/manage/v1/settings/seal', { image: '' }],
      ['GET', '/manage/v1/settings/changes'],
    ];
    for (const [method, url, payload] of calls) {
      const res = await as(operator, method, url, payload);
      expect([res.statusCode, body(res).code], `${method} ${url}`).toEqual([
        403,
        ResultCode.FORBIDDEN,
      ]);
    }
    const form = multipart(
      {},
      { filename: 's.png', data: Buffer.from('x'), contentType: 'image/png' },
    );
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/manage/v1/settings/seal/image',
      headers: { ...auth(operator), ...form.headers },
      payload: form.payload,
    });
    expect(upload.statusCode).toBe(403);
    expect(await ctx.db.selectFrom('settingChanges').selectAll().execute()).toEqual([]);
    expect(await buyerSees()).toEqual(OLD_BANK);
  });

  it('lets finance and admins read them', async () => {
    for (const who of [finance, admin]) {
      const res = await as(who, 'GET', '/manage/v1/settings/bank');
      expect(body(res).data).toEqual(OLD_BANK);
    }
  });
});

describe('a change of the receiving bank account', () => {
  it('is pending, unseen by buyers, until a second finance member confirms it', async () => {
    const id = await proposeBank(finance);
    expect(await buyerSees()).toEqual(OLD_BANK);
    expect(body(await as(finance2, 'GET', '/manage/v1/settings/bank')).data).toEqual(OLD_BANK);

    const pending = body<SettingChange[]>(
      await as(finance2, 'GET', '/manage/v1/settings/changes?key=bank'),
    ).data[0];
    expect(pending).toMatchObject({
      id,
      key: 'bank',
      status: 'pending',
      before: OLD_BANK,
      after: NEW_BANK,
      proposedBy: { id: finance.id, name: '财务甲' },
      decidedBy: null,
      mine: false,
    });
    const own = body<SettingChange[]>(
      await as(finance, 'GET', '/manage/v1/settings/changes?key=bank'),
    ).data[0];
    expect(own).toMatchObject({ id, mine: true });

    // The proposer cannot confirm their own change.
    const self = await confirm(finance, id);
    expect([self.statusCode, body(self).msg]).toEqual([
      400,
      '不能确认自己提交的变更，须由另一位财务或管理员确认',
    ]);
    expect(await buyerSees()).toEqual(OLD_BANK);

    // A second proposal waits for the first to be decided.
    const second = await as(finance2, 'PUT', '/manage/v1/settings/bank', {
      ...NEW_BANK,
      bankName: '建设银行',
    });
    expect([second.statusCode, body(second).msg]).toEqual([
      400,
      '收款银行账户已有一项待确认的变更，请先确认、驳回或撤回',
    ]);

    const ok = await confirm(finance2, id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await buyerSees()).toEqual(NEW_BANK);
    const again = await confirm(admin, id);
    expect([again.statusCode, body(again).msg]).toEqual([400, '该变更已生效，请刷新后查看']);

    const proposed = await auditOf('setting.bank.propose');
    expect(proposed).toHaveLength(1);
    expect(proposed[0]).toMatchObject({ staffId: finance.id, target: 'setting:bank' });
    expect(JSON.parse(proposed[0]!.before)).toEqual(OLD_BANK);
    expect(JSON.parse(proposed[0]!.after)).toEqual(NEW_BANK);
    const confirmed = await auditOf('setting.bank.confirm');
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]).toMatchObject({ staffId: finance2.id, target: 'setting:bank' });
    expect(JSON.parse(confirmed[0]!.after)).toEqual(NEW_BANK);

    // Finance staff are told of the proposal and of the confirmation, old → new.
    const told = await outboxOf('staff-setting-proposed');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ audience: 'staff' });
    expect(told[0]!.subject).toContain('财务甲');
    expect(told[0]!.body).toContain('开户银行：招商银行 → 工商银行');
    expect(told[0]!.body).toContain('银行账号：6222000011112222 → 6212999988887777');
    const applied = await outboxOf('staff-setting-confirmed');
    expect(applied).toHaveLength(1);
    expect(applied[0]!.body).toContain('财务乙');
    expect(applied[0]!.body).toContain('开户银行：招商银行 → 工商银行');

    // Put back for the tests below: by two people again.
    const back = await proposeBank(admin, OLD_BANK);
    expect((await confirm(finance, back)).statusCode).toBe(200);
    expect(await buyerSees()).toEqual(OLD_BANK);
  });

  it('is applied once when two staff confirm at once', async () => {
    const id = await proposeBank(finance);
    const before = (await auditOf('setting.bank.confirm')).length;
    const results = await Promise.all([confirm(finance2, id), confirm(admin, id)]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 400]);
    const loser = results.find((r) => r.statusCode === 400)!;
    expect(body(loser).msg).toBe('该变更已生效，请刷新后查看');
    expect(await auditOf('setting.bank.confirm')).toHaveLength(before + 1);
    expect(await buyerSees()).toEqual(NEW_BANK);
    const back = await proposeBank(finance, OLD_BANK);
    expect((await confirm(admin, back)).statusCode).toBe(200);
  });

  it('keeps one pending change per setting when two staff propose at once', async () => {
    const results = await Promise.all([
      as(finance, 'PUT', '/manage/v1/settings/bank', NEW_BANK),
      as(finance2, 'PUT', '/manage/v1/settings/bank', { ...NEW_BANK, bankName: '建设银行' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const pending = await ctx.db
      .selectFrom('settingChanges')
      .select('id')
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(1);
    const winner = results.find((r) => r.statusCode === 200)!;
    const id = body<{ id: number }>(winner).data.id;
    const proposer = winner === results[0] ? finance : finance2;
    // The proposer withdraws it; nothing changed for buyers.
    const res = await reject(proposer, id);
    expect([res.statusCode, body(res).msg]).toEqual([200, '变更已撤回']);
    expect(await buyerSees()).toEqual(OLD_BANK);
  });

  it('is rejected by a second member with a reason, and the old account stays', async () => {
    const id = await proposeBank(finance);
    const res = await reject(admin, id, '账号与合同不符');
    expect([res.statusCode, body(res).msg]).toEqual([200, '变更已驳回']);
    const [change] = body<SettingChange[]>(
      await as(finance, 'GET', '/manage/v1/settings/changes?key=bank'),
    ).data;
    expect(change).toMatchObject({
      id,
      status: 'rejected',
      reason: '账号与合同不符',
      decidedBy: { id: admin.id },
    });
    const late = await confirm(finance2, id);
    expect([late.statusCode, body(late).msg]).toEqual([400, '该变更已驳回，请刷新后查看']);
    expect(await buyerSees()).toEqual(OLD_BANK);
    const rejected = await auditOf('setting.bank.reject');
    expect(rejected.at(-1)).toMatchObject({ staffId: admin.id });
    expect(JSON.parse(rejected.at(-1)!.after)).toMatchObject({ reason: '账号与合同不符' });
  });

  it('refuses an unchanged value, an unknown change and bad input with a Chinese 400 or 404', async () => {
    const same = await as(finance, 'PUT', '/manage/v1/settings/bank', OLD_BANK);
    expect([same.statusCode, body(same).msg]).toEqual([400, '与当前设置相同，无需变更']);
    const missing = await confirm(finance, 999999);
    expect([missing.statusCode, body(missing).msg]).toEqual([404, '变更不存在']);
    const bad = await as(finance, 'POST', '/manage/v1/settings/changes/abc/confirm');
    expect(bad.statusCode).toBe(400);
    const badKey = await as(finance, 'GET', '/manage/v1/settings/changes?key=gateway');
    expect([badKey.statusCode, body(badKey).msg]).toEqual([400, '设置项有误']);
    const empty = await as(finance, 'PUT', '/manage/v1/settings/bank', {
      ...NEW_BANK,
      accountNumber: ' ',
    });
    expect([empty.statusCode, body(empty).msg]).toEqual([400, '请输入银行账号']);
  });
});

describe('company details and the seal', () => {
  it('show on the storefront only once confirmed', async () => {
    const company = async () =>
      body<Record<string, string>>(
        await ctx.app.inject({ method: 'GET', url: '/client/v1/system/company' }),
      ).data;
    const before = await company();
    const res = await as(finance, 'PUT', '/manage/v1/settings/company', COMPANY);
    expect(res.statusCode, res.body).toBe(200);
    expect(await company()).toEqual(before);
    expect((await confirm(admin, body<{ id: number }>(res).data.id)).statusCode).toBe(200);
    expect(await company()).toMatchObject({ ...COMPANY, hazardLicence: '' });
    expect(await auditOf('setting.company.confirm')).toHaveLength(1);
  });

  it('a seal is uploaded and proposed by finance, and printed once confirmed', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = multipart({}, { filename: 'seal.png', data: png, contentType: 'image/png' });
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/manage/v1/settings/seal/image',
      headers: { ...auth(finance), ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url = body<{ url: string }>(uploaded).data.url;
    const proposed = await as(finance, 'PUT', '/manage/v1/settings/seal', { image: url });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const seal = async () =>
      body<{ image: string }>(await as(admin, 'GET', '/manage/v1/settings/seal')).data;
    expect(await seal()).toEqual({ image: '' });
    expect((await confirm(finance2, body<{ id: number }>(proposed).data.id)).statusCode).toBe(200);
    expect(await seal()).toEqual({ image: url });

    const notImage = await as(finance, 'PUT', '/manage/v1/settings/seal', {
      image: '/files/uploads/none.png',
    });
    expect([notImage.statusCode, body(notImage).msg]).toEqual([
      400,
      '印章图片须为 PNG 或 JPEG 格式',
    ]);
  });
});
