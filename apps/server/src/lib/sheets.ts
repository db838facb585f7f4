import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { badRequest } from './errors.ts';

export type SheetFormat = 'csv' | 'xlsx';

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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
    rows: rest
      .map((cells, i) => ({ line: i + 2, cells: cells.map(unneutralise) }))
      .filter((r) => !isBlank(r.cells)),
  };
}

/**
 * A CSV cell that Excel or WPS would run as a formula (=, +, -, @, or a tab or carriage return
 * before one) is written with a leading apostrophe, as OWASP's CSV-injection advice says; plain
 * numbers such as -5 stay as they are. Reading takes the apostrophe off again, so an exported
 * file imports back unchanged. XLSX needs none of this: its cells are written as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

export const neutraliseFormula = (cell: string): string =>
  FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;

const unneutralise = (cell: string): string =>
  cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;

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

/**
 * Reads the first worksheet with the whole-workbook reader. The streaming reader of exceljs 4.4
 * decodes each decompressed chunk on its own and garbles a Chinese character split between two
 * chunks, so it is not used for reading.
 */
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
  const headers: string[] = [];
  for (let c = 1; c <= headerRow.cellCount; c++) {
    headers.push(cellText(headerRow.getCell(c).value).trim());
  }
  while (headers.length > 0 && headers.at(-1) === '') headers.pop();
  const rows: Sheet['rows'] = [];
  sheet.eachRow((row, line) => {
    if (line === 1) return;
    const values = row.values as ExcelJS.CellValue[];
    const cells = Array.from({ length: headers.length }, (_, c) => cellText(values[c + 1]));
    if (!isBlank(cells)) rows.push({ line, cells });
  });
  return { headers, rows };
}

export function readSheet(data: Buffer, format: SheetFormat): Promise<Sheet> {
  return format === 'xlsx' ? parseXlsx(data) : Promise.resolve(parseCsv(data));
}

/**
 * A cell as written: text comes back exactly as it went out; a number is written as a number
 * (quantities a spreadsheet should sum), never for codes such as item numbers.
 */
export type OutCell = string | number;

/**
 * CSV for Excel: a UTF-8 byte order mark (Excel reads UTF-8 without it as the local code page
 * and garbles Chinese), CRLF line ends, every field quoted when needed, formulas neutralised.
 */
export function writeCsv(headers: readonly string[], rows: readonly OutCell[][]): Buffer {
  const text = stringify(
    [headers, ...rows.map((r) => r.map((c) => neutraliseFormula(String(c))))],
    {
      record_delimiter: 'windows',
    },
  );
  return Buffer.concat([Buffer.from('\uFEFF'), Buffer.from(text)]);
}

export interface SheetOut {
  name: string;
  headers: readonly string[];
  rows: readonly OutCell[][];
  /** Column widths in characters. */
  widths?: readonly number[];
}

/** Writes the workbook with the streaming writer (several times faster than building it whole). */
export async function writeXlsx(sheets: readonly SheetOut[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  for (const s of sheets) {
    const ws = workbook.addWorksheet(s.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = s.headers.map((h, i) => ({
      header: h,
      width: s.widths?.[i] ?? Math.max(10, Math.min(40, h.length * 2 + 4)),
    }));
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).commit();
    // Text cells are written as text: Excel keeps 0012 and 1e5 as typed, and the import reads back
    // exactly what was exported. Number cells stay numbers.
    for (const r of s.rows) ws.addRow([...r]).commit();
    ws.commit();
  }
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}
