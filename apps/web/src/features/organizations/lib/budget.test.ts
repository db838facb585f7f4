import { describe, expect, it } from 'vitest';
import type { OrgBudget } from '@labshop/shared/schemas';
import { usableBudgets, validityOf } from './budget';

const budget = (patch: Partial<OrgBudget>): OrgBudget => ({
  id: 1,
  code: 'KY-1',
  name: '国自然',
  amount: 1000,
  used: 0,
  remaining: 1000,
  validFrom: 0,
  validUntil: 100,
  ...patch,
});

describe('budgets', () => {
  it('offers only budgets valid now with money left', () => {
    const list = [
      budget({ id: 1 }),
      budget({ id: 2, remaining: 0, used: 1000 }),
      budget({ id: 3, validFrom: 60 }),
      budget({ id: 4, validUntil: 40 }),
    ];
    expect(usableBudgets(list, 50).map((b) => b.id)).toEqual([1]);
  });

  it('runs a validity from the first day start to the last day end', () => {
    const { validFrom, validUntil } = validityOf('2026-01-01', '2026-01-01');
    expect(validUntil - validFrom).toBe(24 * 3600 * 1000 - 1);
    expect(new Date(validFrom).getHours()).toBe(0);
  });
});
