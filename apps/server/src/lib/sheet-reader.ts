import { parse as parseCsvStream } from 'csv-parse';
import { StringDecoder } from 'node:string_decoder';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl from 'yauzl';
import type { SheetLimit } from '@labshop/shared';
import { SHEET_LIMITS } from '@labshop/shared';
import { AppError, badRequest } from './errors.ts';

// Reading an uploaded spreadsheet (docs/architecture.md, "Uploads and spreadsheets"). A member
// could once freeze the shop with one file: a 1 MB XLSX that unpacks to hundreds of MB was read
// whole into memory. Now every file is read streaming, within the limits of its route
// (`SHEET_LIMITS`), and refused with a Chinese message as soon as one is crossed.
//
// Why yauzl + saxes and not exceljs's streaming reader: exceljs 4.4 decodes each decompressed
// chunk on its own and garbles a Chinese character split between two chunks. yauzl reads the ZIP
// from its central directory, so an entry's declared size is known (and checked) before a byte
// is inflated; it inflates with Node's zlib, off the event loop in libuv's thread pool, and fails
// an entry that inflates to more than it declared. saxes is a streaming XML parser that expands
// no entities of a DTD (no "billion laughs"); text reaches it through a StringDecoder, which keeps
// a character split between chunks whole. Each chunk is parsed as it arrives, so other requests
// are answered between chunks, and the work a file can cause is bounded by its limits.

export type SheetFormat = 'csv' | 'xlsx';

/** A sheet as text: the header row and the data rows with their row numbers in the file. */
export interface Sheet {
  headers: string[];
  rows: Array<{ line: number; cells: string[] }>;
}

/** The limits a route reads a sheet within, and what it says when there are too many rows. */
export interface SheetReadLimits extends SheetLimit {
  /** The refusal when `rows` is crossed; a generic one when absent. */
  tooManyRows?: string;
}

/** What reading took: tests check that a refused file was refused early. */
export interface SheetReadStats {
  /** Bytes unpacked from the ZIP of an XLSX. */
  unpackedBytes: number;
  /** Data rows kept so far. */
  rows: number;
}

export const MSG_NOT_XLSX = '文件不是有效的 XLSX 表格';

/** An XLSX file is a ZIP archive: it starts with "PK". */
export function detectFormat(data: Buffer, filename: string): SheetFormat {
  if (data.length >= 2 && data[0] === 0x50 && data[1] === 0x4b) return 'xlsx';
  if (/\.xlsx?$/i.test(filename)) throw badRequest(MSG_NOT_XLSX);
  return 'csv';
}

/**
 * A cell Excel or WPS would run as a formula starts with one of these; the CSV writer puts an
 * apostrophe before it (sheets.ts) and reading takes it off again.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

const unneutralise = (cell: string): string =>
  cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** Counts rows and cells against the limits, refusing as soon as one is crossed. */
class Budget {
  private cells = 0;
  constructor(
    readonly limits: SheetReadLimits,
    readonly stats: SheetReadStats,
  ) {}

  unpacked(bytes: number): void {
    this.stats.unpackedBytes += bytes;
    if (this.stats.unpackedBytes > this.limits.unpackedBytes) throw this.tooBig();
  }

  tooBig() {
    return badRequest(`表格解压后超过 ${mb(this.limits.unpackedBytes)} MB，请删减内容后再上传`);
  }

  /** A non-empty cell in 0-based column `column`. */
  cell(column: number): void {
    if (column >= this.limits.columns) throw badRequest(`表格最多 ${this.limits.columns} 列`);
    if (++this.cells > this.limits.cells) throw this.tooManyCells();
  }

  /** The `count`th entry of an XLSX's shared strings. */
  sharedString(count: number): void {
    if (count > this.limits.cells) throw this.tooManyCells();
  }

  private tooManyCells() {
    return badRequest(`表格内容过多，最多 ${this.limits.cells} 个非空单元格，请分批上传`);
  }

  /** A data row that is not blank. */
  row(): void {
    if (++this.stats.rows > this.limits.rows) {
      throw badRequest(this.limits.tooManyRows ?? `表格最多 ${this.limits.rows} 行，请分批上传`);
    }
  }
}

/** Slices of the file with a turn of the event loop after each, so other requests go on. */
async function* slices(data: Buffer, size = 64 * 1024): AsyncGenerator<Buffer> {
  for (let at = 0; at < data.length; at += size) {
    yield data.subarray(at, at + size);
    await nextTurn();
  }
}

async function readCsv(data: Buffer, budget: Budget): Promise<Sheet> {
  let headers: string[] | undefined;
  const rows: Sheet['rows'] = [];
  let line = 0;
  const parser = parseCsvStream({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: false,
    // One record never holds more than the sheet's unpacked limit (an unclosed quote would
    // otherwise gather the whole file into one field).
    max_record_size: budget.limits.unpackedBytes,
  });
  // The refusal is kept apart: the pipeline answers its own abort when the sink throws.
  let refused: AppError | undefined;
  try {
    await pipeline(
      Readable.from(slices(data)),
      parser,
      async (records: AsyncIterable<string[]>) => {
        try {
          for await (const record of records) {
            line++;
            for (const [i, c] of record.entries()) if (c !== '') budget.cell(i);
            if (headers === undefined) {
              headers = record.map((h) => h.trim());
              continue;
            }
            const cells = record.map(unneutralise);
            if (isBlank(cells)) continue;
            budget.row();
            rows.push({ line, cells });
          }
        } catch (err) {
          if (err instanceof AppError) refused = err;
          throw err;
        }
      },
    );
  } catch (err) {
    if (refused) throw refused;
    const at = (err as { lines?: number }).lines;
    throw badRequest(`CSV 文件格式有误${at ? `（第 ${at} 行附近）` : ''}`);
  }
  return { headers: headers ?? [], rows };
}

// --- XLSX ---------------------------------------------------------------------------------

/** Entries an XLSX needs are few; a ZIP of thousands is not a spreadsheet. */
const ZIP_ENTRIES_MAX = 1000;

type Zip = { entries: Map<string, yauzl.Entry>; file: yauzl.ZipFile };

function openZip(data: Buffer): Promise<Zip> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      data,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (err, file) => {
        if (err) return reject(badRequest(MSG_NOT_XLSX));
        if (file.entryCount > ZIP_ENTRIES_MAX) {
          file.close();
          return reject(badRequest(MSG_NOT_XLSX));
        }
        const entries = new Map<string, yauzl.Entry>();
        file.on('entry', (entry: yauzl.Entry) => {
          entries.set(entry.fileName.replace(/^\//, ''), entry);
          file.readEntry();
        });
        file.on('end', () => resolve({ entries, file }));
        file.on('error', () => reject(badRequest(MSG_NOT_XLSX)));
        file.readEntry();
      },
    );
  });
}

/** The local name of an XML element or attribute (`x:row` is `row`). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** Handlers of one XML part; element names arrive without their prefix. */
interface XmlHandlers {
  open?: (name: string, attrs: Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
}

/**
 * Inflates one entry and feeds it to the XML parser chunk by chunk, counting every inflated byte
 * against the budget; crossing it destroys the stream at once.
 */
async function readPart(zip: Zip, name: string, budget: Budget, on: XmlHandlers): Promise<void> {
  const entry = zip.entries.get(name);
  if (!entry) return;
  if (budget.stats.unpackedBytes + entry.uncompressedSize > budget.limits.unpackedBytes) {
    throw budget.tooBig();
  }
  const stream = await new Promise<Readable>((resolve, reject) => {
    zip.file.openReadStream(entry, (err, s) =>
      err ? reject(badRequest(MSG_NOT_XLSX)) : resolve(s),
    );
  });
  const xml = new SaxesParser();
  xml.on('opentag', (tag: SaxesTagPlain) => {
    if (!on.open) return;
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(tag.attributes)) attrs[local(k)] = v;
    on.open(local(tag.name), attrs);
  });
  if (on.close) {
    const close = on.close;
    xml.on('closetag', (tag) => close(local(tag.name)));
  }
  if (on.text) {
    const text = on.text;
    xml.on('text', text);
    xml.on('cdata', text);
  }
  const decoder = new StringDecoder('utf8');
  let first = true;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      budget.unpacked(chunk.length);
      let text = decoder.write(chunk);
      if (first && text.startsWith('\uFEFF')) text = text.slice(1);
      first = false;
      xml.write(text);
    }
    xml.write(decoder.end()).close();
  } catch (err) {
    stream.destroy();
    if (err instanceof AppError) throw err;
    throw badRequest(MSG_NOT_XLSX);
  }
}

/** The worksheet Excel opens first: the workbook's first sheet, through its relationships. */
async function firstSheetPath(
  zip: Zip,
  budget: Budget,
): Promise<{ path: string; date1904: boolean }> {
  let firstId: string | undefined;
  let date1904 = false;
  await readPart(zip, 'xl/workbook.xml', budget, {
    open(name, attrs) {
      if (name === 'sheet' && firstId === undefined) firstId = attrs.id;
      if (name === 'workbookPr') date1904 = attrs.date1904 === '1' || attrs.date1904 === 'true';
    },
  });
  let target: string | undefined;
  await readPart(zip, 'xl/_rels/workbook.xml.rels', budget, {
    open(name, attrs) {
      if (name === 'Relationship' && attrs.Id === firstId) target = attrs.Target;
    },
  });
  if (target !== undefined) {
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    if (zip.entries.has(path)) return { path, date1904 };
  }
  // Without a readable workbook: the lowest-numbered worksheet, as a writer names them.
  const sheets = [...zip.entries.keys()]
    .map((p) => /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(p))
    .filter((m) => m !== null)
    .sort((a, b) => Number(a[1]) - Number(b[1]));
  const found = sheets[0]?.[0];
  if (found === undefined) throw badRequest(MSG_NOT_XLSX);
  return { path: found, date1904 };
}

/** The shared strings, as Excel shows them: runs joined, phonetic guides left out. */
async function sharedStrings(zip: Zip, budget: Budget): Promise<string[]> {
  const strings: string[] = [];
  let current: string | null = null;
  let inText = false;
  let phonetic = 0;
  await readPart(zip, 'xl/sharedStrings.xml', budget, {
    open(name) {
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic++;
      else if (name === 't') inText = phonetic === 0;
    },
    close(name) {
      if (name === 'si') {
        budget.sharedString(strings.length + 1);
        strings.push(current ?? '');
        current = null;
      } else if (name === 'rPh') phonetic--;
      else if (name === 't') inText = false;
    },
    text(t) {
      if (inText && current !== null) current += t;
    },
  });
  return strings;
}

/** Built-in number formats that are dates or times (as exceljs, which read sheets before). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

const isDateFormat = (code: string) =>
  /[ymdhMsb]+/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** For each cell style (the `s` of a cell), whether it shows a number as a date. */
async function dateStyles(zip: Zip, budget: Budget): Promise<boolean[]> {
  const custom = new Map<number, string>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  await readPart(zip, 'xl/styles.xml', budget, {
    open(name, attrs) {
      if (name === 'numFmt') custom.set(Number(attrs.numFmtId), attrs.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attrs.numFmtId ?? 0);
        const code = custom.get(id);
        styles.push(code === undefined ? DATE_FORMAT_IDS.has(id) : isDateFormat(code));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return styles;
}

/** `AB12` → 27 (0-based column). */
function columnOf(ref: string): number | undefined {
  const letters = /^([A-Z]{1,3})\d/i.exec(ref)?.[1];
  if (!letters) return undefined;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** An Excel date serial as the day it shows (as exceljs read it: yyyy-mm-dd). */
function excelDate(serial: number, date1904: boolean): string | undefined {
  const date = new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
}

async function readXlsx(data: Buffer, budget: Budget): Promise<Sheet> {
  const zip = await openZip(data);
  try {
    const { path, date1904 } = await firstSheetPath(zip, budget);
    // The declared sizes first: a file whose parts say they unpack beyond the limit is refused
    // before a byte of them is inflated.
    const parts = [path, 'xl/sharedStrings.xml', 'xl/styles.xml'];
    const declared = parts.reduce((n, p) => n + (zip.entries.get(p)?.uncompressedSize ?? 0), 0);
    if (budget.stats.unpackedBytes + declared > budget.limits.unpackedBytes) throw budget.tooBig();
    const strings = await sharedStrings(zip, budget);
    const dates = await dateStyles(zip, budget);
    return await readWorksheet(zip, path, budget, { strings, dates, date1904 });
  } finally {
    zip.file.close();
  }
}

interface CellContext {
  strings: string[];
  dates: boolean[];
  date1904: boolean;
}

/** The text of a cell as Excel shows it (numbers as typed, formulas by their result). */
function cellText(type: string, value: string, style: number, ctx: CellContext): string {
  switch (type) {
    case 's':
      return ctx.strings[Number(value)] ?? '';
    case 'inlineStr':
    case 'str':
      return value;
    case 'b':
      return value === '' ? '' : String(value === '1' || value === 'true');
    case 'e':
      return '';
    case 'd':
      return value.slice(0, 10);
    default: {
      if (value.trim() === '') return '';
      const n = Number(value);
      if (Number.isNaN(n)) return value;
      return (ctx.dates[style] && excelDate(n, ctx.date1904)) || String(n);
    }
  }
}

async function readWorksheet(
  zip: Zip,
  path: string,
  budget: Budget,
  ctx: CellContext,
): Promise<Sheet> {
  let headers: string[] = [];
  const rows: Array<{ line: number; cells: string[] }> = [];
  let line = 0;
  let cells: string[] = [];
  let column = -1;
  let type = '';
  let style = 0;
  let value = '';
  /** Which text the parser is in: a cell's value, inline string text, or neither. */
  let reading: 'v' | 't' | null = null;
  let phonetic = 0;
  await readPart(zip, path, budget, {
    open(name, attrs) {
      if (name === 'row') {
        line = attrs.r ? Number(attrs.r) : line + 1;
        cells = [];
        column = -1;
      } else if (name === 'c') {
        column = (attrs.r === undefined ? undefined : columnOf(attrs.r)) ?? column + 1;
        type = attrs.t ?? 'n';
        style = Number(attrs.s ?? 0);
        value = '';
      } else if (name === 'v') reading = 'v';
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && type === 'inlineStr' && phonetic === 0) reading = 't';
    },
    text(t) {
      if (reading !== null) value += t;
    },
    close(name) {
      if (name === 'v' || name === 't') reading = null;
      else if (name === 'rPh') phonetic--;
      else if (name === 'c') {
        const text = cellText(type, value, style, ctx);
        if (text === '') return;
        budget.cell(column);
        cells[column] = text;
      } else if (name === 'row') {
        const full = Array.from(cells, (c) => c ?? '');
        if (line === 1) {
          headers = full.map((h) => h.trim());
          while (headers.length > 0 && headers.at(-1) === '') headers.pop();
          return;
        }
        const kept = Array.from({ length: headers.length }, (_, c) => full[c] ?? '');
        if (isBlank(kept)) return;
        budget.row();
        rows.push({ line, cells: kept });
      }
    },
  });
  return { headers, rows };
}

/**
 * Reads the first worksheet of an XLSX, or a CSV, within `limits` (by default the staff import's,
 * the largest), refusing with a Chinese 400 as soon as one is crossed.
 */
export function readSheet(
  data: Buffer,
  format: SheetFormat,
  limits: SheetReadLimits = SHEET_LIMITS.catalogueImport,
  stats: SheetReadStats = { unpackedBytes: 0, rows: 0 },
): Promise<Sheet> {
  const budget = new Budget(limits, stats);
  return format === 'xlsx' ? readXlsx(data, budget) : readCsv(data, budget);
}
