import { describe, expect, it } from 'vitest';
import { buildUrl } from './url.ts';

describe('buildUrl', () => {
  it('leaves out empty values, joins lists and keeps the base', () => {
    expect(buildUrl('/manage/v1/orders', { number: '', status: 2, ids: [1, 2], none: [] })).toBe(
      '/manage/v1/orders?status=2&ids=1%2C2',
    );
    expect(buildUrl('/client/v1/products', { key: '乙醚 99%' }, 'https://api.example')).toBe(
      'https://api.example/client/v1/products?key=%E4%B9%99%E9%86%9A+99%25',
    );
    expect(buildUrl('/x', { a: null, b: undefined, c: false })).toBe('/x?c=false');
  });
});
