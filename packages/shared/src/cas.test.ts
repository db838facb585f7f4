import { describe, expect, it } from 'vitest';
import { isValidCas } from './cas.ts';

describe('isValidCas', () => {
  it('accepts numbers whose check digit matches', () => {
    for (const cas of ['50-00-0', '7732-18-5', '64-17-5', '1912-24-9']) {
      expect(isValidCas(cas), cas).toBe(true);
    }
  });
  it('refuses a wrong check digit and malformed text', () => {
    for (const cas of ['50-00-1', '7732-18-4', '1912-42-9', '50000', '5-00-0', 'abc']) {
      expect(isValidCas(cas), cas).toBe(false);
    }
  });
});
