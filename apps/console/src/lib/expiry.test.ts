import { describe, expect, it } from 'vitest';
import { daysLeft, daysLeftLabel, expiryLevel, localToday } from './expiry';

describe('daysLeft', () => {
  it('counts whole days from today, 0 on the last good day and negative once past', () => {
    expect(daysLeft('2025-03-31', '2025-03-01')).toBe(30);
    expect(daysLeft('2025-03-01', '2025-03-01')).toBe(0);
    expect(daysLeft('2025-02-28', '2025-03-01')).toBe(-1);
  });

  it('counts across a leap day and a year end without a summer-time hour', () => {
    expect(daysLeft('2024-03-01', '2024-02-28')).toBe(2);
    expect(daysLeft('2026-01-01', '2025-12-31')).toBe(1);
  });

  it('has nothing to count without an expiry (未分批) or with a malformed date', () => {
    expect(daysLeft(null, '2025-03-01')).toBeNull();
    expect(daysLeft('2025/03/01', '2025-03-01')).toBeNull();
  });
});

describe('expiryLevel', () => {
  it('warns red once expired and orange within the 30 and 90 day windows', () => {
    expect(expiryLevel(-1)).toBe('expired');
    expect(expiryLevel(0)).toBe('within30');
    expect(expiryLevel(30)).toBe('within30');
    expect(expiryLevel(31)).toBe('within90');
    expect(expiryLevel(90)).toBe('within90');
    expect(expiryLevel(91)).toBe('later');
    expect(expiryLevel(null)).toBe('none');
  });
});

describe('daysLeftLabel', () => {
  it('says what staff read on the tag', () => {
    expect(daysLeftLabel(-3)).toBe('已过期');
    expect(daysLeftLabel(0)).toBe('今天到期');
    expect(daysLeftLabel(12)).toBe('剩 12 天');
  });
});

describe('localToday', () => {
  it('is the local calendar day, zero-padded', () => {
    expect(localToday(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });
});
