import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dayRange, formatDate, formatDateTime } from './format.ts';

// The formatters use local time; pin the zone so the expected strings hold on any machine.
beforeAll(() => {
  vi.stubEnv('TZ', 'Asia/Shanghai');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

describe('formatDateTime', () => {
  it('formats epoch ms as YYYY-MM-DD HH:mm:ss in local time with zero padding', () => {
    // 2024-03-05T01:02:03Z is 09:02:03 in Shanghai.
    expect(formatDateTime(Date.UTC(2024, 2, 5, 1, 2, 3))).toBe('2024-03-05 09:02:03');
    expect(formatDateTime(Date.UTC(2023, 11, 31, 15, 59, 59))).toBe('2023-12-31 23:59:59');
    expect(formatDateTime(Date.UTC(2023, 11, 31, 16, 0, 0))).toBe('2024-01-01 00:00:00');
  });

  it('shows -- for a missing or invalid time', () => {
    expect(formatDateTime(null)).toBe('--');
    expect(formatDateTime(undefined)).toBe('--');
    expect(formatDateTime(Number.NaN)).toBe('--');
  });
});

describe('formatDate', () => {
  it('keeps the day part only', () => {
    expect(formatDate(Date.UTC(2024, 2, 5, 1, 2, 3))).toBe('2024-03-05');
    expect(formatDate(null)).toBe('--');
  });
});

describe('dayRange', () => {
  it('runs from the start of the first day to the end of the last day', () => {
    const [start, end] = dayRange(new Date(2024, 0, 10, 15, 30), new Date(2024, 0, 12, 8, 0));
    expect(formatDateTime(start)).toBe('2024-01-10 00:00:00');
    expect(formatDateTime(end)).toBe('2024-01-12 23:59:59');
    expect(end % 1000).toBe(999);
    expect(new Date(end + 1).getDate()).toBe(13);
  });

  it('covers one whole day when both ends are the same day', () => {
    const day = new Date(2024, 5, 1, 12);
    const [start, end] = dayRange(day, day);
    expect(end - start).toBe(24 * 3600 * 1000 - 1);
  });
});
