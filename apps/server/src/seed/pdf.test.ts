import { describe, expect, it } from 'vitest';
import { coaPdf, type CoaInfo } from './pdf.ts';

const info: CoaInfo = {
  company: 'Example Co., Ltd.',
  address: 'Beijing',
  productName: 'Caffeine (1,3,7-trimethylxanthine)',
  productNumber: 'YF16001',
  lotNumber: '20250815',
  cas: '58-08-2',
  formula: 'C8H10N4O2',
  molecularWeight: '194.19',
  pack: '20mg',
  certifiedValue: '99.8 % (mass fraction)',
  uncertainty: '+/- 0.2 %',
  storage: 'room temperature \\ dry',
  releaseDate: '2025-08-15',
  expiryDate: '2028-08-14',
  tests: [{ item: 'Purity (HPLC-UV)', specification: '>= 98.0 %', result: '99.8 %' }],
};

describe('certificate PDF', () => {
  const bytes = coaPdf(info);
  const text = bytes.toString('latin1');

  it('is a PDF whose cross-reference table points at every object', () => {
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) =>
      Number(m[1]),
    );
    expect(offsets.length).toBe(7);
    offsets.forEach((offset, i) => {
      expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
  });

  it('declares the exact length of its content stream', () => {
    const m = /<< \/Length (\d+) >>\nstream\n/.exec(text);
    expect(m).not.toBeNull();
    const start = (m?.index ?? 0) + (m?.[0].length ?? 0);
    expect(text.slice(start + Number(m?.[1]), start + Number(m?.[1]) + '\nendstream'.length)).toBe(
      '\nendstream',
    );
  });

  it('escapes brackets and backslashes and carries the lot in its text', () => {
    expect(text).toContain('(Caffeine \\(1,3,7-trimethylxanthine\\)) Tj');
    expect(text).toContain('(room temperature \\\\ dry) Tj');
    expect(text).toContain('(20250815) Tj');
    expect(text).toContain('/Title (COA YF16001 20250815)');
  });
});
