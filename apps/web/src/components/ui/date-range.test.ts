import { describe, expect, it } from 'vitest';
import { dayRangeParams } from './date-range';

describe('dayRangeParams', () => {
  it('runs from the start of the first day to the end of the last day, local time', () => {
    expect(dayRangeParams({ from: '2026-03-01', to: '2026-03-02' })).toEqual({
      startTime: new Date(2026, 2, 1, 0, 0, 0, 0).getTime(),
      endTime: new Date(2026, 2, 2, 23, 59, 59, 999).getTime(),
    });
  });

  it('leaves an empty end open and orders reversed dates', () => {
    expect(dayRangeParams({ from: '', to: '' })).toEqual({
      startTime: undefined,
      endTime: undefined,
    });
    expect(dayRangeParams({ from: '2026-03-05', to: '' }).endTime).toBeUndefined();
    expect(dayRangeParams({ from: '2026-03-05', to: '2026-03-01' })).toEqual({
      startTime: new Date(2026, 2, 1).getTime(),
      endTime: new Date(2026, 2, 5, 23, 59, 59, 999).getTime(),
    });
  });
});
