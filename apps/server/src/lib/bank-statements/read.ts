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
  const body =
    format === 'csv' ? Buffer.from(dropPreamble(toUtf8(data).toString('utf8'), map), 'utf8') : data;
  const sheet = await readSheet(body, format, {
    ...BANK_STATEMENT_LIMITS,
    tooManyRows: MSG_TOO_MANY_ROWS,
  });
  return statementRows(sheet, map);
}
