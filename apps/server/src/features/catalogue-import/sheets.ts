import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { badRequest } from '../../lib/errors.ts';

export type SheetFormat = 'csv' | 'xlsx';

/** A sheet as text: the header row and the data rows with their row numbers in the file. */
export interface Sheet {
  headers: string[];
  rows: Array<{ line: number; cells: string[] }>;
}

/** An XLSX file is a ZIP archive: it starts with "PK". */
export function detectFormat(data: Buffer, filename: string): SheetFormat {
  if (data.length >= 2 && data[0] === 0x50 && data[1] === 0x4b) return 'xlsx';
  if (/\.xlsx?$/i.test(filename)) throw badRequest('文件不是有效的 XLSX 表格');
  return 'csv';
}

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

function parseCsv(data: Buffer): Sheet {
  let records: string[][];
  try {
    records = parse(data, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
    });
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    throw badRequest(`CSV 文件格式有误${line ? `（第 ${line} 行附近）` : ''}`);
  }
  const [headers = [], ...rest] = records;
  return {
    headers: headers.map((h) => h.trim()),
    rows: rest.map((cells, i) => ({ line: i + 2, cells })).filter((r) => !isBlank(r.cells)),
  };
}

/** The text of a cell as Excel shows it (numbers as typed, formulas by their result). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('result' in value) return cellText(value.result);
  if ('error' in value) return '';
  return '';
}

async function parseXlsx(data: Buffer): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw badRequest('文件不是有效的 XLSX 表格');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { headers: [], rows: [] };
  const headerRow = sheet.getRow(1);
  const width = headerRow.cellCount;
  const headers: string[] = [];
  for (let c = 1; c <= width; c++) headers.push(cellText(headerRow.getCell(c).value).trim());
  const rows: Sheet['rows'] = [];
  sheet.eachRow((row, line) => {
    if (line === 1) return;
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c).value));
    if (!isBlank(cells)) rows.push({ line, cells });
  });
  return { headers, rows };
}

export function readSheet(data: Buffer, format: SheetFormat): Promise<Sheet> {
  return format === 'xlsx' ? parseXlsx(data) : Promise.resolve(parseCsv(data));
}

/** A cell as written: always text, so values come back exactly as they went out. */
export type OutCell = string;

/**
 * CSV for Excel: a UTF-8 byte order mark (Excel reads UTF-8 without it as the local code page
 * and garbles Chinese), CRLF line ends, every field quoted when needed.
 */
export function writeCsv(headers: readonly string[], rows: readonly OutCell[][]): Buffer {
  const text = stringify([headers, ...rows], { record_delimiter: 'windows' });
  return Buffer.concat([Buffer.from('\uFEFF'), Buffer.from(text)]);
}

export interface SheetOut {
  name: string;
  headers: readonly string[];
  rows: readonly OutCell[][];
  /** Column widths in characters. */
  widths?: readonly number[];
}

export async function writeXlsx(sheets: readonly SheetOut[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const s of sheets) {
    const ws = workbook.addWorksheet(s.name);
    ws.addRow([...s.headers]).font = { bold: true };
    for (const r of s.rows) ws.addRow([...r]);
    ws.views = [{ state: 'frozen', ySplit: 1 }];
    s.headers.forEach((h, i) => {
      ws.getColumn(i + 1).width = s.widths?.[i] ?? Math.max(10, Math.min(40, h.length * 2 + 4));
      // Item numbers, CAS numbers and packs are text: Excel must not turn 0012 into 12.
      ws.getColumn(i + 1).numFmt = '@';
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
