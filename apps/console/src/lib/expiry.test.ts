import { describe, expect, it } from 'vitest';
import { daysLeftLabel, expiryLevel, localToday } from './expiry';

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
