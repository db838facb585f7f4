import { LIMITS } from '@labshop/shared';
import { QUICK_ORDER_LINES_MAX } from '@labshop/shared/schemas';

/** One pasted line read into its parts, or the reason it cannot be read. */
export interface ParsedLine {
  line: number;
  text: string;
  code: string;
  pack: string;
  quantity: number;
  error: string;
}

export const MSG_FORMAT = '格式有误，请按“货号或CAS 包装 数量”填写';
export const MSG_QUANTITY = `数量有误，应为 1 至 ${LIMITS.quantityMax} 的整数`;
export const MSG_TOO_MANY = `一次最多 ${QUICK_ORDER_LINES_MAX} 行，请分批添加`;

/** The template's and spreadsheets' header words: such a first line is a header, not an item. */
const HEADER_RE = /^(货号|货号或CAS|货号\/CAS|CAS|编号|item|number)$/i;

/**
 * Cells of a line as Excel/WPS (tabs), CSV or an email (commas, 、, or spaces) give them. A tab
 * or comma splits only on itself, so a pack written with a space ("1 mL") stays one cell.
 */
function cellsOf(text: string): string[] {
  const sep = text.includes('\t') ? /\t+/ : /[,，;；、]/.test(text) ? /\s*[,，;；、]\s*/ : /\s+/;
  return text
    .split(sep)
    .map((c) => c.trim())
    .filter((c) => c !== '');
}

const QUANTITY_RE = /^\d{1,7}$/;

/**
 * Reads pasted text into lines (docs/procurement.md section 2): `货号或CAS`, pack, quantity.
 * Blank lines and a header line are skipped; a quantity left out is 1.
 */
export function parseQuickText(text: string): ParsedLine[] {
  const out: ParsedLine[] = [];
  const rows = text.split(/\r\n|\r|\n/);
  rows.forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '') return;
    const cells = cellsOf(trimmed);
    if (out.length === 0 && HEADER_RE.test(cells[0] ?? '')) return;
    const base = { line, text: trimmed, code: cells[0] ?? '', pack: '', quantity: 0, error: '' };
    if (cells.length < 2 || cells.length > 3) {
      out.push({ ...base, error: MSG_FORMAT });
      return;
    }
    const pack = cells[1] ?? '';
    const qtyText = cells[2] ?? '1';
    const quantity = QUANTITY_RE.test(qtyText) ? Number(qtyText) : NaN;
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > LIMITS.quantityMax) {
      out.push({ ...base, pack, error: MSG_QUANTITY });
      return;
    }
    out.push({ ...base, pack, quantity });
  });
  return out;
}

/** Pack names compared as buyers write them: case, spaces and full-width forms ignored. */
export const packKey = (pack: string) =>
  pack.normalize('NFKC').replace(/\s+/g, '').toLowerCase().replace(/μ/g, 'u').replace(/µ/g, 'u');
