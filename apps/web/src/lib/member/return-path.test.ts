import { describe, expect, it } from 'vitest';
import { accountPath, returnTarget } from './return-path';

describe('account pages that send the member back', () => {
  it('carries the page that sent them as a same-site redirect', () => {
    expect(accountPath('1-1', '/confirm')).toBe('/userinfo/1-1?redirect=%2Fconfirm');
    expect(accountPath('1-2', '/quote/12')).toBe('/userinfo/1-2?redirect=%2Fquote%2F12');
  });

  it('goes back only to a path of this site', () => {
    expect(returnTarget('/confirm')).toBe('/confirm');
    expect(returnTarget('/quote/12?x=1')).toBe('/quote/12?x=1');
    for (const bad of [
      null,
      '',
      '/',
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(returnTarget(bad)).toBeNull();
    }
  });
});
