import { describe, expect, it } from 'vitest';
import {
  UNBATCHED_LOT,
  allocate,
  daysLeft,
  fefo,
  isExpired,
  isShort,
  shortBefore,
  undatedFirst,
  type LotStock,
} from './lot-rules.ts';

const lots: LotStock[] = [
  { lotNumber: UNBATCHED_LOT, expire: null, quantity: 5 },
  { lotNumber: 'B', expire: '2028-01-01', quantity: 3 },
  { lotNumber: 'A', expire: '2027-06-30', quantity: 2 },
  { lotNumber: 'C', expire: '2029-01-01', quantity: 0 },
];

describe('lot rules', () => {
  it('ships the first-expiring lot first and undated stock last', () => {
    expect([...lots].sort(fefo).map((l) => l.lotNumber)).toEqual(['A', 'B', 'C', UNBATCHED_LOT]);
  });

  it('splits a quantity over lots in FEFO order and skips empty lots', () => {
    expect(allocate(lots, 4, fefo)).toEqual([
      { lotNumber: 'A', expire: '2027-06-30', quantity: 2 },
      { lotNumber: 'B', expire: '2028-01-01', quantity: 2 },
    ]);
    expect(allocate(lots, 10, fefo)?.map((a) => [a.lotNumber, a.quantity])).toEqual([
      ['A', 2],
      ['B', 3],
      [UNBATCHED_LOT, 5],
    ]);
  });

  it('answers null when the lots hold too little, and takes exactly all they hold', () => {
    expect(allocate(lots, 11, fefo)).toBeNull();
    expect(allocate([], 1, fefo)).toBeNull();
    expect(allocate(lots, 0, fefo)).toEqual([]);
  });

  it('takes a decrease without a lot from 未分批 first, then the latest-expiring lot', () => {
    expect(allocate(lots, 7, undatedFirst)?.map((a) => [a.lotNumber, a.quantity])).toEqual([
      [UNBATCHED_LOT, 5],
      ['B', 2],
    ]);
  });

  it('calls a lot expired only after its last day', () => {
    expect(isExpired('2026-11-27', '2026-11-27')).toBe(false);
    expect(isExpired('2026-11-26', '2026-11-27')).toBe(true);
    expect(isExpired(null, '2026-11-27')).toBe(false);
  });

  it('counts the minimum shelf life in calendar months, clamping to the month end', () => {
    expect(shortBefore('2026-11-27', 6)).toBe('2027-05-27');
    expect(shortBefore('2026-08-31', 6)).toBe('2027-02-28');
    expect(shortBefore('2027-08-31', 6)).toBe('2028-02-29');
    expect(shortBefore('2026-11-27', 0)).toBe('2026-11-27');
    expect(isShort('2027-05-26', '2027-05-27')).toBe(true);
    expect(isShort('2027-05-27', '2027-05-27')).toBe(false);
    expect(isShort(null, '2027-05-27')).toBe(false);
  });

  it('counts days left, 0 on the last good day and negative once past', () => {
    expect(daysLeft('2026-12-27', '2026-11-27')).toBe(30);
    expect(daysLeft('2026-11-27', '2026-11-27')).toBe(0);
    expect(daysLeft('2026-11-26', '2026-11-27')).toBe(-1);
    expect(daysLeft(null, '2026-11-27')).toBeNull();
  });

  it('counts days across a leap day and a year end without a summer-time hour', () => {
    expect(daysLeft('2024-03-01', '2024-02-28')).toBe(2);
    expect(daysLeft('2026-01-01', '2025-12-31')).toBe(1);
  });

  it('has no days to count for a day that is not YYYY-MM-DD', () => {
    expect(daysLeft('2025/03/01', '2025-03-01')).toBeNull();
  });

  it('orders lots of one day by lot number, as shipping takes them', () => {
    const sameDay: LotStock[] = [
      { lotNumber: 'L2', expire: '2027-01-01', quantity: 1 },
      { lotNumber: 'L1', expire: '2027-01-01', quantity: 1 },
    ];
    expect([...sameDay].sort(fefo).map((l) => l.lotNumber)).toEqual(['L1', 'L2']);
  });
});
