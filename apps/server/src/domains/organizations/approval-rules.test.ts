import { describe, expect, it } from 'vitest';
import { budgetProblem, mayDecide, remainingOf, requiredSteps } from './approval-rules.ts';

describe('requiredSteps', () => {
  const none = { approvalOver: null, regulatedNeedsSafety: false };
  it('asks nothing without rules', () => {
    expect(requiredSteps(none, 1_000_000, true)).toEqual([]);
  });
  it('approvalOver 0 makes every order wait, even a free one', () => {
    expect(requiredSteps({ ...none, approvalOver: 0 }, 0, false)).toEqual(['approver']);
  });
  it('an amount exactly at approvalOver waits; one fen below does not', () => {
    const rules = { ...none, approvalOver: 100_000 };
    expect(requiredSteps(rules, 100_000, false)).toEqual(['approver']);
    expect(requiredSteps(rules, 99_999, false)).toEqual([]);
  });
  it('an order not priced yet counts as reaching approvalOver', () => {
    expect(requiredSteps({ ...none, approvalOver: 100_000 }, null, false)).toEqual(['approver']);
  });
  it('a regulated line asks a safety member only with regulatedNeedsSafety', () => {
    expect(requiredSteps({ ...none, regulatedNeedsSafety: true }, 10, true)).toEqual(['safety']);
    expect(requiredSteps({ ...none, regulatedNeedsSafety: true }, 10, false)).toEqual([]);
    expect(requiredSteps(none, 10, true)).toEqual([]);
  });
  it('both rules give two steps, approver then safety (双人双签)', () => {
    expect(requiredSteps({ approvalOver: 0, regulatedNeedsSafety: true }, 10, true)).toEqual([
      'approver',
      'safety',
    ]);
  });
});

describe('mayDecide', () => {
  it('approver and admin decide the approver step, safety the safety step', () => {
    expect(mayDecide('approver', 'approver', 2, 1)).toBe(true);
    expect(mayDecide('approver', 'admin', 2, 1)).toBe(true);
    expect(mayDecide('approver', 'safety', 2, 1)).toBe(false);
    expect(mayDecide('approver', 'buyer', 2, 1)).toBe(false);
    expect(mayDecide('safety', 'safety', 2, 1)).toBe(true);
    expect(mayDecide('safety', 'admin', 2, 1)).toBe(false);
  });
  it('nobody decides their own order, whatever their role', () => {
    expect(mayDecide('approver', 'admin', 1, 1)).toBe(false);
    expect(mayDecide('safety', 'safety', 1, 1)).toBe(false);
  });
  it('a non-member decides nothing', () => {
    expect(mayDecide('approver', null, 2, 1)).toBe(false);
  });
});

describe('budgets', () => {
  const b = {
    code: 'KY-2026-01',
    amount: 100_000,
    used: 88_000,
    validFrom: 1000,
    validUntil: 2000,
  };
  it('remaining is amount less used, never below 0', () => {
    expect(remainingOf(b)).toBe(12_000);
    expect(remainingOf({ ...b, used: 120_000 })).toBe(0);
  });
  it('takes an order up to exactly what is left and refuses one fen more', () => {
    expect(budgetProblem(b, 12_000, 1500)).toBeNull();
    expect(budgetProblem(b, 12_001, 1500)).toBe('经费卡 KY-2026-01 余额不足，剩余 ¥120.00');
  });
  it('is valid from validFrom to validUntil, both included', () => {
    expect(budgetProblem(b, 1, 1000)).toBeNull();
    expect(budgetProblem(b, 1, 2000)).toBeNull();
    expect(budgetProblem(b, 1, 999)).toBe('经费卡 KY-2026-01 不在有效期内');
    expect(budgetProblem(b, 1, 2001)).toBe('经费卡 KY-2026-01 不在有效期内');
  });
});
