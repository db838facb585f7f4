import { describe, expect, it } from 'vitest';
import { COA_LINK_TTL_MS, openCoaToken, signCoaLink } from './coa-links.ts';
import { certificateFile, checkinNumber, checkinPrefix, coaUrl } from './forms.service.ts';

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

describe('certificate links', () => {
  const key = Buffer.alloc(32, 7);
  const tokenOf = (url: string) => new URL(url, 'http://shop').searchParams.get('token') ?? '';

  it('open the file they were made for until they expire', () => {
    const url = coaUrl(key, 'coa/a b.pdf', 1_000);
    expect(url.startsWith('/yifanglab-client/v1/coa/file?token=')).toBe(true);
    expect(openCoaToken(key, tokenOf(url), 1_000 + COA_LINK_TTL_MS)).toBe('coa/a b.pdf');
    expect(openCoaToken(key, tokenOf(url), 1_001 + COA_LINK_TTL_MS)).toBeNull();
  });

  it('refuse altered, forged or foreign tokens', () => {
    const token = tokenOf(coaUrl(key, 'coa/x.pdf', 0));
    const [payload = '', signature = ''] = token.split('.');
    const other = Buffer.from(JSON.stringify({ f: 'coa/y.pdf', e: 9e15 })).toString('base64url');
    expect(openCoaToken(key, `${other}.${signature}`, 0)).toBeNull();
    expect(openCoaToken(key, `${payload}.${signature.slice(1)}`, 0)).toBeNull();
    expect(openCoaToken(Buffer.alloc(32, 8), token, 0)).toBeNull();
    expect(openCoaToken(key, 'garbage', 0)).toBeNull();
  });

  it('never climb out of the files directory', () => {
    const url = signCoaLink(key, '../secret.pdf', Date.now() + 60_000);
    expect(certificateFile(key, new URL(url, 'http://shop').searchParams.get('token')!)).toBeNull();
  });

  it('keep absolute web addresses', () => {
    expect(coaUrl(key, 'https://cdn.example.com/c.pdf', 0)).toBe('https://cdn.example.com/c.pdf');
  });
});
