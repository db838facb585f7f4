import { describe, expect, it } from 'vitest';
import type { FormInstance } from 'antd';
import { transferBody, pricesBody, quotePriceBody, reviewBody } from '@labshop/shared/schemas';
import { zodFormRule, zodProblem, zodRule } from './zod-rule';

const check = async (rule: ReturnType<typeof zodRule>, value: unknown) => {
  if (typeof rule === 'function' || !rule.validator) throw new Error('not a validator rule');
  try {
    await rule.validator({}, value, () => undefined);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
};

describe('zodRule', () => {
  const amount = zodRule(transferBody.shape.amount);

  it('refuses more than two decimals with the server message instead of rounding', async () => {
    expect(await check(amount, 1800.005)).toBe('金额最多两位小数');
    expect(await check(amount, 1800.01)).toBeNull();
  });

  it('treats an empty box as no value', async () => {
    expect(await check(amount, null)).toBe('请输入到账金额');
    expect(await check(amount, '')).toBe('请输入到账金额');
  });

  it('lets an optional field stay empty', async () => {
    const freight = zodRule(pricesBody.shape.freight);
    expect(await check(freight, null)).toBeNull();
    expect(await check(freight, -1)).toBe('运费有误');
  });

  it('marks a field required exactly when the schema refuses no value', () => {
    const required = (rule: ReturnType<typeof zodRule>) =>
      typeof rule === 'function' ? undefined : rule.required;
    expect(required(amount)).toBe(true);
    expect(required(zodRule(pricesBody.shape.freight))).toBe(false);
    expect(required(zodRule(reviewBody.shape.reason))).toBe(false);
  });
});

describe('zodFormRule', () => {
  /** The rule as antd runs it, over a form holding `values`. */
  const checkForm = async (values: Record<string, unknown>) => {
    const form = { getFieldsValue: () => values } as unknown as FormInstance;
    const rule = zodFormRule(reviewBody, 'reason');
    if (typeof rule !== 'function') throw new Error('not a form rule');
    return check(rule(form), values.reason);
  };

  it("reports the schema's rule across fields on the field it names", async () => {
    expect(await checkForm({ approve: false, reason: '' })).toBe('驳回须填写原因');
    expect(await checkForm({ approve: false, reason: '   ' })).toBe('驳回须填写原因');
    expect(await checkForm({ approve: false, reason: '证件已过期' })).toBeNull();
    expect(await checkForm({ approve: true, reason: '' })).toBeNull();
  });

  it("leaves the field's own limits to its zodRule, so a message shows once", async () => {
    expect(await checkForm({ approve: false, reason: '过'.repeat(201) })).toBeNull();
    expect(await check(zodRule(reviewBody.shape.reason), '过'.repeat(201))).toBe(
      '原因不能超过 200 字',
    );
  });
});

describe('zodProblem', () => {
  it("gives the server's first message for a whole request body, or null", () => {
    const body = { lines: [{ id: 1, unitPrice: 12.5 }], validUntil: Date.UTC(2030, 0, 1) };
    expect(zodProblem(quotePriceBody, body)).toBeNull();
    expect(zodProblem(quotePriceBody, { ...body, remark: '备'.repeat(2001) })).toBe(
      '内容过长，最多 2000 个字符',
    );
    expect(zodProblem(quotePriceBody, { ...body, lines: [{ id: 1, unitPrice: 30_000_000 }] })).toBe(
      '金额超出上限',
    );
  });
});
