import type { SheetLimit } from '@labshop/shared';
import { badRequest } from '../errors.ts';
import { detectFormat, readSheet } from '../sheets.ts';
import { dropPreamble, statementRows, toUtf8, type ColumnMap, type StatementRow } from './parse.ts';

/** A year of a busy account fits; anything larger is refused before it is read. */
export const BANK_STATEMENT_LIMITS = {
  /** Bytes of the uploaded file. */
  fileBytes: 10 * 1024 * 1024,
  unpackedBytes: 64 * 1024 * 1024,
  rows: 20_000,
  columns: 60,
  cells: 1_200_000,
} as const satisfies SheetLimit & { fileBytes: number };

export const MSG_FILE_TOO_LARGE = '银行流水文件不能超过 10 MB';
export const MSG_TOO_MANY_ROWS = '银行流水不能超过 20000 行，请分段导出';

/** A bank's CSV or XLSX export as statement rows, within the limits above. */
export async function readStatement(
  data: Buffer,
  filename: string,
  map: ColumnMap = {},
): Promise<StatementRow[]> {
  if (data.length > BANK_STATEMENT_LIMITS.fileBytes) throw badRequest(MSG_FILE_TOO_LARGE);
  const format = detectFormat(data, filename);
  const text = format === 'csv' ? toUtf8(data).toString('utf8') : '';
  const csv = format === 'csv' ? dropPreamble(text, map) : '';
  const sheet = await readSheet(format === 'csv' ? Buffer.from(csv, 'utf8') : data, format, {
    ...BANK_STATEMENT_LIMITS,
    tooManyRows: MSG_TOO_MANY_ROWS,
  });
  // Rows keep their line in the file as staff see it, the account lines above the header counted.
  const skipped = lineCount(text) - lineCount(csv);
  return statementRows(sheet, map).map((r) => ({ ...r, row: r.row + skipped }));
}

const lineCount = (s: string) => s.split(/\r?\n/).length;
