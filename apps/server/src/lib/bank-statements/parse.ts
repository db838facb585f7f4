import { badRequest } from '../errors.ts';
import type { Sheet } from '../sheets.ts';

// Reading a bank's account statement export (docs/contract-prices-credit.md, "Bank statements").
// The big Chinese banks name their columns differently and some put account lines above the
// header; each field below lists the names seen in their exports, and staff may map others.

export type StatementField = 'date' | 'amount' | 'payerName' | 'payerAccount' | 'memo';

const HEADER_NAMES: Record<StatementField, readonly string[]> = {
  date: ['交易日期', '交易时间', '记账日期', '日期'],
  amount: ['贷方金额', '贷方发生额', '收入金额', '金额', '交易金额'],
  payerName: ['对方户名', '对方账户名称', '付款人名称', '对方名称'],
  payerAccount: ['对方账号', '对方账户', '付款人账号'],
  memo: ['附言', '摘要', '用途', '备注', '交易附言'],
};

export type ColumnMap = Partial<Record<StatementField, string>>;

export const MSG_NO_HEADER = '未找到交易日期和金额列，请检查文件或填写列对应关系';

/** One row of the statement as read; `msg` says why a row cannot be matched at all. */
export interface StatementRow {
  row: number;
  date: number | null;
  /** Fen; negative for money going out. */
  amount: number | null;
  payerName: string;
  payerAccount: string;
  memo: string;
  msg?: string;
}

/**
 * A CSV saved by a bank's desktop export is often GBK (GB18030 covers it); one that is not valid
 * UTF-8 is read as GB18030 so its Chinese survives.
 */
export function toUtf8(data: Buffer): Buffer {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return data;
  } catch {
    return Buffer.from(new TextDecoder('gb18030').decode(data), 'utf8');
  }
}

/** A CSV's lines above its header (account number, period) are dropped so the header leads. */
export function dropPreamble(csv: string, map: ColumnMap = {}): string {
  const names = [...HEADER_NAMES.date, ...(map.date ? [map.date] : [])];
  const lines = csv.split(/\r?\n/);
  const at = lines.findIndex((l) =>
    names.some((n) => l.split(/[,\t]/).some((c) => clean(c) === n)),
  );
  return at > 0 ? lines.slice(at).join('\n') : csv;
}

const clean = (s: string) =>
  s
    .replace(/^\uFEFF/, '')
    .replace(/^"|"$/g, '')
    .trim();

function columnOf(headers: readonly string[], field: StatementField, map: ColumnMap): number {
  const names = map[field] ? [map[field]] : HEADER_NAMES[field];
  for (const name of names) {
    const i = headers.findIndex((h) => clean(h) === name);
    if (i >= 0) return i;
  }
  return -1;
}

/** '1,234.50', '￥1234.5', '-20.00', '(20.00)' to fen; null when it is no amount. */
export function parseAmount(text: string): number | null {
  let s = text.replace(/[,，\s¥￥元]/g, '');
  let sign = 1;
  if (/^\(.*\)$/.test(s)) {
    sign = -1;
    s = s.slice(1, -1);
  }
  if (s.startsWith('-')) {
    sign = -sign;
    s = s.slice(1);
  } else if (s.startsWith('+')) s = s.slice(1);
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const [whole = '0', part = ''] = s.split('.');
  return sign * (Number(whole) * 100 + Number(part.padEnd(2, '0')));
}

/**
 * '2026-06-01', '2026/6/1', '20260601', '2026年6月1日', each with an optional time, and an Excel
 * day number: the day's start in China (UTC+8) as epoch ms; null when it is no date.
 */
export function parseDate(text: string): number | null {
  const s = text.trim();
  const m =
    /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s) ??
    /^(\d{4})(\d{2})(\d{2})(?:\s?(\d{2}):?(\d{2}):?(\d{2})?)?$/.exec(s);
  if (m) {
    const [y, mo, d, h, mi, sec] = m.slice(1).map((v) => Number(v ?? 0));
    if (!y || !mo || !d || mo > 12 || d > 31) return null;
    return Date.UTC(y, mo - 1, d, (h ?? 0) - 8, mi ?? 0, sec ?? 0);
  }
  if (/^\d{5}(\.\d+)?$/.test(s)) {
    // Excel's day 25569 is 1970-01-01; a day number is a local (China) date.
    return Math.round((Number(s) - 25569) * 86_400_000) - 8 * 3_600_000;
  }
  return null;
}

/** The rows of a statement sheet; refuses a sheet without date and amount columns. */
export function statementRows(sheet: Sheet, map: ColumnMap = {}): StatementRow[] {
  const col = (f: StatementField) => columnOf(sheet.headers, f, map);
  const date = col('date');
  const amount = col('amount');
  if (date < 0 || amount < 0) throw badRequest(MSG_NO_HEADER);
  const [name, account, memo] = [col('payerName'), col('payerAccount'), col('memo')];
  const cell = (cells: string[], i: number) => (i < 0 ? '' : (cells[i] ?? '').trim());
  return sheet.rows.map(({ line, cells }) => {
    const row: StatementRow = {
      row: line,
      date: parseDate(cell(cells, date)),
      amount: parseAmount(cell(cells, amount)),
      payerName: cell(cells, name),
      payerAccount: cell(cells, account),
      memo: cell(cells, memo),
    };
    if (row.date === null) row.msg = '交易日期无法识别';
    else if (row.amount === null) row.msg = '金额无法识别';
    else if (row.amount <= 0) row.msg = '非入账记录（退款或费用），不参与匹配';
    return row;
  });
}
