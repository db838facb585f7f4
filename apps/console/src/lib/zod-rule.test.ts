import { describe, expect, it } from 'vitest';
import { transferBody, pricesBody } from '@labshop/shared/schemas';
import { zodRule } from './zod-rule';

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
});
