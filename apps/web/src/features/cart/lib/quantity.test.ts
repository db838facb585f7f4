import { describe, expect, it } from 'vitest';
import { cleanQuantity } from './quantity';

describe('quantity input', () => {
  it('keeps whole numbers only, without leading zeros', () => {
    expect(cleanQuantity('12')).toBe('12');
    expect(cleanQuantity('1.5')).toBe('1');
    expect(cleanQuantity('-3')).toBe('3');
    expect(cleanQuantity('007')).toBe('7');
    expect(cleanQuantity('abc')).toBe('');
    expect(cleanQuantity('0')).toBe('');
  });

  it('caps at the largest line quantity', () => {
    expect(cleanQuantity('123456')).toBe('9999');
  });
});
