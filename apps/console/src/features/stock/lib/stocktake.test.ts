import { describe, expect, it } from 'vitest';
import { countedLines, differenceOf, differencesOf, sheetKey, type Counts } from './stocktake';

const sheet = [
  { materialId: 1, lotNumber: 'A', quantity: 10 },
  { materialId: 1, lotNumber: 'B', quantity: 4 },
  { materialId: 2, lotNumber: 'A', quantity: 0 },
];

describe('stocktake sheet', () => {
  it('sends only the lines staff filled, a count of 0 included', () => {
    const counts: Counts = { [sheetKey(sheet[0]!)]: 10, [sheetKey(sheet[1]!)]: 0 };
    expect(countedLines(sheet, counts)).toEqual([
      { materialId: 1, lotNumber: 'A', counted: 10 },
      { materialId: 1, lotNumber: 'B', counted: 0 },
    ]);
  });

  it('leaves out blank and cleared lines', () => {
    expect(countedLines(sheet, { '1|A': null, '1|B': undefined })).toEqual([]);
  });

  it('says the difference a filled line will post and counts the lines that differ', () => {
    const counts: Counts = { '1|A': 10, '1|B': 6, '2|A': 1 };
    expect(differenceOf(sheet[0]!, counts)).toBe(0);
    expect(differenceOf(sheet[1]!, counts)).toBe(2);
    expect(differenceOf(sheet[2]!, {})).toBeNull();
    expect(differencesOf(sheet, counts)).toBe(2);
  });

  it('keeps the same lot number of two packs apart', () => {
    expect(sheetKey(sheet[0]!)).not.toBe(sheetKey(sheet[2]!));
  });
});
