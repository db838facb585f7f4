import { stringify } from 'csv-stringify/sync';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { FORMULA_START } from './sheet-reader.ts';

export {
  detectFormat,
  readSheet,
  type Sheet,
  type SheetFormat,
  type SheetReadLimits,
} from './sheet-reader.ts';

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A CSV cell that Excel or WPS would run as a formula (=, +, -, @, or a tab or carriage return
 * before one) is written with a leading apostrophe, as OWASP's CSV-injection advice says; plain
 * numbers such as -5 stay as they are. Reading takes the apostrophe off again (sheet-reader.ts), so
 * an exported file imports back unchanged. XLSX needs none of this: its cells are written as text.
 */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

export const neutraliseFormula = (cell: string): string =>
  FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;

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
