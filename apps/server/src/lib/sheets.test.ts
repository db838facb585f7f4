import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { SHEET_LIMITS } from '@labshop/shared';
import { xlsxBomb } from '../../test/fixtures/xlsx-bomb.ts';
import { AppError } from './errors.ts';
import { neutraliseFormula, readSheet, writeCsv, writeXlsx } from './sheets.ts';

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

describe('reading a sheet within its limits', () => {
  const small = { unpackedBytes: 1024 * 1024, rows: 100, columns: 10, cells: 300 };
  const stats = () => ({ unpackedBytes: 0, rows: 0 });
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => expect.unreachable('the sheet was read'),
      (err: unknown) => {
        expect(err).toBeInstanceOf(AppError);
        expect((err as AppError).httpStatus).toBe(400);
        return (err as AppError).message;
      },
    );
  const ROW = '<row><c t="inlineStr"><is><t>BW30001-1000</t></is></c><c><v>2</v></c></row>';

  it('refuses a bomb by the sizes it declares, before inflating it', async () => {
    // About 300 MB of rows in a few hundred KB.
    const bomb = xlsxBomb({ unpackedBytes: 300 * 1024 * 1024, row: ROW });
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const heapBefore = process.memoryUsage().heapUsed;
    const read = stats();
    expect(await refusal(readSheet(bomb, 'xlsx', SHEET_LIMITS.quickOrder, read))).toBe(
      '表格解压后超过 8 MB，请删减内容后再上传',
    );
    // Only the workbook and its relationships were unpacked.
    expect(read.unpackedBytes).toBeLessThan(4096);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024);
  });

  it('stops inflating a bomb that declares less than it holds', async () => {
    const limits = { ...SHEET_LIMITS.quickOrder, rows: 10_000_000, cells: 10_000_000 };
    for (const declaredSize of [1000, limits.unpackedBytes - 5000]) {
      const bomb = xlsxBomb({ unpackedBytes: 300 * 1024 * 1024, row: ROW, declaredSize });
      const read = stats();
      const heapBefore = process.memoryUsage().heapUsed;
      expect(['文件不是有效的 XLSX 表格', '表格解压后超过 8 MB，请删减内容后再上传']).toContain(
        await refusal(readSheet(bomb, 'xlsx', limits, read)),
      );
      // Refused within a chunk of the declared size or the limit, never near the 300 MB.
      expect(read.unpackedBytes).toBeLessThanOrEqual(limits.unpackedBytes + 64 * 1024);
      expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024);
    }
  });

  it('stops reading the rows of a bomb at the row limit', async () => {
    const bomb = xlsxBomb({ unpackedBytes: 300 * 1024 * 1024, row: ROW, declaredSize: 1e6 });
    const read = stats();
    const limits = { ...small, unpackedBytes: 2e6, rows: 3 };
    expect(await refusal(readSheet(bomb, 'xlsx', limits, read))).toBe('表格最多 3 行，请分批上传');
    expect(read.rows).toBe(4);
  });

  it('refuses a CSV of too many rows as soon as the limit is crossed', async () => {
    const csv = Buffer.from(`货号,包装,数量\n${'BW30001,1mL,2\n'.repeat(100_000)}`);
    const read = stats();
    expect(
      await refusal(
        readSheet(csv, 'csv', { ...SHEET_LIMITS.quickOrder, tooManyRows: '一次最多 200 行' }, read),
      ),
    ).toBe('一次最多 200 行');
    expect(read.rows).toBe(201);
  });

  it('refuses a sheet over the cell or column limit, in XLSX and CSV', async () => {
    const wide = (columns: number, rows: number) => ({
      headers: Array.from({ length: columns }, (_, c) => `列${c + 1}`),
      rows: Array.from({ length: rows }, (_, r) =>
        Array.from({ length: columns }, (_, c) => `${r}-${c}`),
      ),
    });
    const cells = wide(10, 40); // 410 cells, 40 rows, 10 columns
    const xlsx = await writeXlsx([{ name: '表', ...cells }]);
    const csv = writeCsv(cells.headers, cells.rows);
    for (const [data, format] of [
      [xlsx, 'xlsx'],
      [csv, 'csv'],
    ] as const) {
      expect(await refusal(readSheet(data, format, small))).toBe(
        '表格内容过多，最多 300 个非空单元格，请分批上传',
      );
      expect((await readSheet(data, format, { ...small, cells: 410 })).rows).toHaveLength(40);
      expect(await refusal(readSheet(data, format, { ...small, columns: 9, cells: 410 }))).toBe(
        '表格最多 9 列',
      );
    }
  });

  it('reads what exceljs wrote as Excel shows it: shared strings, numbers, dates, formulas', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('第一页');
    wb.addWorksheet('第二页').addRow(['不读']);
    ws.addRow([' 货号 ', '数量', '日期', '公式', '富文本', '是否', '', '']);
    ws.addRow(['BW30001', 12.5, new Date(Date.UTC(2025, 2, 12)), { formula: 'B2*2', result: 25 }]);
    ws.getCell('E2').value = { richText: [{ text: '硝酸' }, { text: '银', font: { bold: true } }] };
    ws.getCell('F2').value = true;
    ws.addRow([]);
    ws.addRow(['', '', '', '', '', '', '不在表头下']);
    ws.addRow(["'=1+1", '0012', '-5']);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    expect(await readSheet(data, 'xlsx', small)).toEqual({
      headers: ['货号', '数量', '日期', '公式', '富文本', '是否'],
      rows: [
        { line: 2, cells: ['BW30001', '12.5', '2025-03-12', '25', '硝酸银', 'true'] },
        { line: 5, cells: ["'=1+1", '0012', '-5', '', '', ''] },
      ],
    });
  });

  it('keeps Chinese characters whole where the unpacked chunks split them', async () => {
    const names = Array.from({ length: 3000 }, (_, i) => `山梨酸钾标准溶液${i}（乙腈中）`);
    const data = await writeXlsx([
      { name: '表', headers: ['中文名称'], rows: names.map((n) => [n]) },
    ]);
    const sheet = await readSheet(data, 'xlsx', { ...small, rows: 3000, cells: 4000 });
    expect(sheet.rows.map((r) => r.cells[0])).toEqual(names);
  });
});
