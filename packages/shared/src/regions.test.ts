import { describe, expect, it } from 'vitest';
import { fullAddressOf, regionNamesOf } from './regions.ts';

const divisions = {
  '110000': '北京市',
  '110105': '朝阳区',
  '440000': '广东省',
  '440300': '深圳市',
  '440305': '南山区',
};

describe('regionNamesOf', () => {
  it('names the codes, a municipality once', () => {
    expect(regionNamesOf('440000,440300,440305', divisions)).toBe('广东省 深圳市 南山区');
    expect(regionNamesOf('110000,110000,110105', divisions)).toBe('北京市 朝阳区');
  });

  it('is empty without division data and skips unknown codes', () => {
    expect(regionNamesOf('440000,440300', undefined)).toBe('');
    expect(regionNamesOf('440000,999999', divisions)).toBe('广东省');
  });
});

describe('fullAddressOf', () => {
  it('puts the province, city and district before the street', () => {
    expect(fullAddressOf('440000,440300,440305', '科技园南区 8 栋', divisions)).toBe(
      '广东省 深圳市 南山区 科技园南区 8 栋',
    );
  });

  it('keeps a street already written in full, and the street alone without division data', () => {
    expect(fullAddressOf('110000,110000,110105', '北京市朝阳区某路 1 号', divisions)).toBe(
      '北京市朝阳区某路 1 号',
    );
    expect(fullAddressOf('440000,440300,440305', '科技园', undefined)).toBe('科技园');
  });
});
