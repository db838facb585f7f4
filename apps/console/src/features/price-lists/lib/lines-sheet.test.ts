import { describe, expect, it } from 'vitest';
import { readSheetLines } from './lines-sheet';

describe('readSheetLines', () => {
  it('reads tiers by 货号 and 规格, 起订量 defaulting to 1', () => {
    const { lines, problems } = readSheetLines([
      ['货号', '规格', '合同价', '起订量'],
      ['GBW-1', '1 mL', '80', ''],
      ['GBW-1', '1 mL', '72.5', '10'],
    ]);
    expect(problems).toEqual([]);
    expect(lines).toEqual([
      { row: 2, number: 'GBW-1', pack: '1 mL', materialId: null, price: 80, minQuantity: 1 },
      { row: 3, number: 'GBW-1', pack: '1 mL', materialId: null, price: 72.5, minQuantity: 10 },
    ]);
  });

  it('names each bad row with its reason and skips empty ones', () => {
    const { lines, problems } = readSheetLines([
      ['物料ID', '合同价', '起订量'],
      ['5', '0', '1'],
      ['', '', ''],
      ['5', '9.999', '1'],
      ['5', '9', '1.5'],
      ['x', '9', '1'],
      ['7', '0.29', '2'],
    ]);
    expect(problems).toEqual([
      { row: 2, msg: '合同价须为大于 0 的金额' },
      { row: 4, msg: '合同价最多两位小数' },
      { row: 5, msg: '起订量须为正整数' },
      { row: 6, msg: '物料ID有误' },
    ]);
    expect(lines).toEqual([
      { row: 7, number: '', pack: '', materialId: 7, price: 0.29, minQuantity: 2 },
    ]);
  });

  it('refuses a sheet without the columns it needs', () => {
    expect(readSheetLines([['名称', '价格']]).problems).toEqual([
      { row: 1, msg: '表头需包含 货号（或 物料ID）和 合同价' },
    ]);
  });
});
