import { describe, expect, it } from 'vitest';
import { regionCodeOf } from './region';

describe('order regions', () => {
  it('joins province, city and area codes with commas', () => {
    const text = JSON.stringify({
      province: { key: '440000', value: '广东省' },
      city: { key: '440300', value: '深圳市' },
      area: { key: '440305', value: '南山区' },
    });
    expect(regionCodeOf(text)).toBe('440000,440300,440305');
  });

  it('has no code for an incomplete or unreadable region', () => {
    expect(
      regionCodeOf(JSON.stringify({ province: { key: '440000', value: '广东省' } })),
    ).toBeNull();
    expect(regionCodeOf('oops')).toBeNull();
  });
});
