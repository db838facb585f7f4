import { describe, expect, it } from 'vitest';
import { regionCodeOf, regionNamesOf } from './region';

const divisions = {
  '110000': '北京市',
  '110105': '朝阳区',
  '440000': '广东省',
  '440300': '深圳市',
  '440305': '南山区',
};

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

  it('names the codes, a municipality once', () => {
    expect(regionNamesOf('440000,440300,440305', divisions)).toBe('广东省 深圳市 南山区');
    expect(regionNamesOf('110000,110000,110105', divisions)).toBe('北京市 朝阳区');
    expect(regionNamesOf('440000,440300', undefined)).toBe('');
  });
});
