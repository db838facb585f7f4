import { describe, expect, it } from 'vitest';
import { coaNamesFromFile } from './coa.ts';

describe('coaNamesFromFile', () => {
  it('reads item and lot numbers', () => {
    expect(coaNamesFromFile('YF11001-20250312.pdf')).toEqual({
      productNumber: 'YF11001',
      lotNumber: '20250312',
    });
    expect(coaNamesFromFile('C:\\certs\\SX-1001_L2301.PDF')).toEqual({
      productNumber: 'SX-1001',
      lotNumber: 'L2301',
    });
  });
  it('reads a lot alone', () => {
    expect(coaNamesFromFile('20250312.pdf')).toEqual({ productNumber: '', lotNumber: '20250312' });
  });
});
