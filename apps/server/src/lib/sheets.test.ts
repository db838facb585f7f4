import { describe, expect, it } from 'vitest';
import { neutraliseFormula, readSheet, writeCsv } from './sheets.ts';

describe('CSV formula neutralising', () => {
  it('puts an apostrophe before what a spreadsheet would run, not before plain numbers', () => {
    expect(neutraliseFormula('=HYPERLINK("http://x","y")')).toBe(`'=HYPERLINK("http://x","y")`);
    expect(neutraliseFormula('+1+2')).toBe(`'+1+2`);
    expect(neutraliseFormula('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(neutraliseFormula('-2+3')).toBe(`'-2+3`);
    expect(neutraliseFormula('\t=1')).toBe(`'\t=1`);
    expect(neutraliseFormula('-5')).toBe('-5');
    expect(neutraliseFormula('12.50')).toBe('12.50');
    expect(neutraliseFormula('硝酸银 =1')).toBe('硝酸银 =1');
  });

  it('writes neutralised cells and reads them back as they were', async () => {
    const cells = ['=HYPERLINK("http://x")', '-5', '@me', `'quoted`];
    const csv = writeCsv(['a', 'b', 'c', 'd'], [cells]);
    const text = csv.toString('utf8');
    expect(text).toContain(`'=HYPERLINK`);
    expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m);
    const back = await readSheet(csv, 'csv');
    expect(back.rows[0]?.cells).toEqual(cells);
  });
});
