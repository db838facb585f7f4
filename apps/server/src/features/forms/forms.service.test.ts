import { describe, expect, it } from 'vitest';
import { checkinNumber, checkinPrefix, coaUrl } from './forms.service.ts';

describe('check-in numbers', () => {
  it('use the China calendar day', () => {
    expect(checkinPrefix(Date.UTC(2026, 10, 22, 15, 59))).toBe('QD20261122');
    expect(checkinPrefix(Date.UTC(2026, 10, 22, 16, 0))).toBe('QD20261123');
    expect(checkinPrefix(Date.UTC(2026, 11, 31, 16, 0))).toBe('QD20270101');
  });
  it('pad the sequence to four digits', () => {
    expect(checkinNumber(Date.UTC(2026, 0, 5, 2), 7)).toBe('QD202601050007');
    expect(checkinNumber(Date.UTC(2026, 0, 5, 2), 12345)).toBe('QD2026010512345');
  });
});

describe('coaUrl', () => {
  it('serves stored paths below /files with encoded segments', () => {
    expect(coaUrl('coa/a b.pdf')).toBe('/files/coa/a%20b.pdf');
    expect(coaUrl('/coa//x.pdf')).toBe('/files/coa/x.pdf');
  });
  it('never climbs out of the files directory', () => {
    expect(coaUrl('../secret/../x.pdf')).toBe('/files/secret/x.pdf');
  });
  it('keeps absolute web addresses', () => {
    expect(coaUrl('https://cdn.example.com/c.pdf')).toBe('https://cdn.example.com/c.pdf');
  });
});
