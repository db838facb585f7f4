import { describe, expect, it } from 'vitest';
import { amountInWords } from './money-words.ts';

const yuan = (y: number) => Math.round(y * 100);

describe('amountInWords', () => {
  it('writes zero and whole yuan with 整', () => {
    expect(amountInWords(0)).toBe('零元整');
    expect(amountInWords(yuan(1))).toBe('壹元整');
    expect(amountInWords(yuan(10))).toBe('壹拾元整');
    expect(amountInWords(yuan(15))).toBe('壹拾伍元整');
    expect(amountInWords(yuan(12000))).toBe('壹万贰仟元整');
    expect(amountInWords(yuan(100010))).toBe('壹拾万零壹拾元整');
    expect(amountInWords(yuan(100000001))).toBe('壹亿零壹元整');
    expect(amountInWords(yuan(100010000))).toBe('壹亿零壹万元整');
    expect(amountInWords(yuan(1000000000))).toBe('壹拾亿元整');
    expect(amountInWords(yuan(20_000_000))).toBe('贰仟万元整');
  });

  it('writes fen-only and jiao-only amounts without 零元 and without 整 after 分', () => {
    expect(amountInWords(5)).toBe('伍分');
    expect(amountInWords(2)).toBe('贰分');
    expect(amountInWords(30)).toBe('叁角');
    expect(amountInWords(32)).toBe('叁角贰分');
  });

  it('follows the examples of the rule for zeros', () => {
    // (一) a zero inside the figures is written 零.
    expect(amountInWords(yuan(1409.5))).toBe('壹仟肆佰零玖元伍角');
    // (二) several zeros in a row are one 零.
    expect(amountInWords(yuan(6007.14))).toBe('陆仟零柒元壹角肆分');
    // (三) the yuan digit is 0 and jiao is not: one 零 after 元.
    expect(amountInWords(yuan(1680.32))).toBe('壹仟陆佰捌拾元零叁角贰分');
    expect(amountInWords(yuan(107000.53))).toBe('壹拾万柒仟元零伍角叁分');
    // (四) jiao is 0 and fen is not: 零 after 元.
    expect(amountInWords(yuan(16409.02))).toBe('壹万陆仟肆佰零玖元零贰分');
    expect(amountInWords(yuan(325.04))).toBe('叁佰贰拾伍元零肆分');
  });

  it('refuses negative and fractional fen', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});
