import { describe, expect, it } from 'vitest';
import { isValidCas, molecularWeight } from './chem.ts';

describe('CAS check digit', () => {
  it('accepts real registry numbers', () => {
    for (const cas of [
      '7732-18-5',
      '50-00-0',
      '58-08-2',
      '103-90-2',
      '138261-41-3',
      '500008-45-7',
    ]) {
      expect(isValidCas(cas), cas).toBe(true);
    }
  });

  it('rejects a wrong check digit, swapped digits and malformed text', () => {
    for (const cas of [
      '7732-18-4',
      '58-80-2',
      '103-09-2',
      '1-23-4',
      '58082',
      '58-08-2 ',
      'abc-de-f',
    ]) {
      expect(isValidCas(cas), cas).toBe(false);
    }
  });
});

describe('molecular weight from a formula', () => {
  it('sums atomic weights', () => {
    expect(molecularWeight('H2O')).toBe(18.02);
    expect(molecularWeight('C8H10N4O2')).toBe(194.19);
    expect(molecularWeight('CHCl3')).toBe(119.37);
  });

  it('handles adducts, hydrates and bracketed groups', () => {
    expect(molecularWeight('Na2HPO4·12H2O')).toBe(358.14);
    expect(molecularWeight('C4H11N5·HCl')).toBe(165.63);
    expect(molecularWeight('(C22H24N2O8·HCl)2·C2H6O·H2O')).toBe(1025.88);
    expect(molecularWeight('NH4OH')).toBe(35.05);
  });

  it('throws on unknown elements and unbalanced brackets', () => {
    expect(() => molecularWeight('C6H6Xx')).toThrow(/unknown element/);
    expect(() => molecularWeight('(C2H4O')).toThrow(/unbalanced/);
    expect(() => molecularWeight('C2H4O)')).toThrow(/unbalanced/);
    expect(() => molecularWeight('C2H4O·')).toThrow(/empty term/);
  });
});
