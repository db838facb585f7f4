import { LIMITS, SHEET_LIMITS, toYuan } from '@labshop/shared';
import {
  QUICK_ORDER_LINES_MAX,
  type QuickOrderResult,
  type QuickPreviewLine,
  type ReorderResult,
} from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { chinaDate, now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { addToLine } from '../cart/index.ts';
import { detectFormat, readSheet, writeXlsx } from '../../lib/sheets.ts';
import { availableOf } from '../stock/index.ts';
import * as repo from './procurement.repository.ts';
import { MSG_TOO_MANY, packKey, parseQuickText, type ParsedLine } from './quick-order.ts';
import { regulatedRefusals } from './regulated.ts';

export const MSG_UNKNOWN = '未找到该货号或CAS';
export const MSG_NO_PACK = '该商品无此包装';
export const MSG_OFF_SALE = '已下架';
export const MSG_AMBIGUOUS = '该CAS对应多个商品，请填写货号';
const msgCartFull = `购物车中该商品数量最多为 ${LIMITS.quantityMax}`;

/** A line resolved to a pack that can be put into the cart, or the reason it cannot. */
interface Resolved extends ParsedLine {
  pack: string;
  found: repo.CandidatePack | null;
}

/**
 * Finds the pack each line names (docs/procurement.md section 2): the item number first, else
 * the CAS; then the pack by its name. Two queries for the whole paste.
 */
async function resolveLines(
  db: Db,
  userId: number,
  lines: ParsedLine[],
  namedOrg: number | null,
): Promise<Resolved[]> {
  const codes = [...new Set(lines.filter((l) => !l.error).map((l) => l.code))];
  const candidates = await repo.findCandidates(
    db,
    codes.map((c) => c.toUpperCase()),
    codes,
  );
  const refused = await regulatedRefusals(
    db,
    userId,
    candidates.flatMap((c) => (c.materialId === null ? [] : [c.materialId])),
    namedOrg,
  );
  return lines.map((l) => {
    if (l.error) return { ...l, found: null };
    const byNumber = candidates.filter((c) => c.number.toUpperCase() === l.code.toUpperCase());
    const rows = byNumber.length > 0 ? byNumber : candidates.filter((c) => c.cas === l.code);
    if (rows.length === 0) return { ...l, error: MSG_UNKNOWN, found: null };
    const want = packKey(l.pack);
    const packs = rows.filter((r) => r.pack !== null && packKey(r.pack) === want);
    if (packs.length === 0) {
      const offered = [
        ...new Set(
          rows.filter((r) => r.pack !== null && r.materialOnSale === 1).map((r) => r.pack),
        ),
      ];
      const hint =
        offered.length > 0 && byNumber.length > 0 ? `（可选：${offered.join('、')}）` : '';
      return { ...l, error: `${MSG_NO_PACK}${hint}`, found: null };
    }
    const onSale = packs.filter((r) => r.productOnSale === 1 && r.materialOnSale === 1);
    if (onSale.length === 0) return { ...l, error: MSG_OFF_SALE, found: null };
    if (new Set(onSale.map((r) => r.productId)).size > 1) {
      return { ...l, error: MSG_AMBIGUOUS, found: null };
    }
    const found = onSale[0] ?? null;
    const refusal = found?.materialId ? refused.get(found.materialId) : undefined;
    if (refusal) return { ...l, error: refusal, found: null };
    return { ...l, found };
  });
}

function readText(text: string): ParsedLine[] {
  const lines = parseQuickText(text);
  if (lines.length === 0) throw badRequest('请粘贴要购买的商品');
  if (lines.length > QUICK_ORDER_LINES_MAX) throw badRequest(MSG_TOO_MANY);
  return lines;
}

/** What each pasted line would add, for the quick-order page's preview. Changes nothing. */
export async function previewQuickOrder(
  db: Db,
  userId: number,
  text: string,
  namedOrg: number | null = null,
): Promise<QuickPreviewLine[]> {
  const resolved = await resolveLines(db, userId, readText(text), namedOrg);
  const ids = resolved.flatMap((r) => (r.found?.materialId ? [r.found.materialId] : []));
  const stock = await availableOf(db, ids, chinaDate(now()));
  return resolved.map((r) => ({
    line: r.line,
    text: r.text,
    msg: r.error,
    quantity: r.quantity,
    materialId: r.found?.materialId ?? null,
    productId: r.found?.productId ?? null,
    name: r.found?.name ?? '',
    number: r.found?.number ?? '',
    pack: r.found?.pack ?? r.pack,
    userPrice: r.found?.userPrice == null ? null : toYuan(r.found.userPrice),
    stock: r.found?.materialId ? (stock.get(r.found.materialId) ?? 0) : 0,
  }));
}

/**
 * Adds every line that names a pack on sale to the member's cart in one transaction; a line
 * that cannot be added is answered with its reason and adds nothing.
 */
export async function quickOrder(
  db: Db,
  userId: number,
  text: string,
  namedOrg: number | null = null,
): Promise<QuickOrderResult> {
  const resolved = await resolveLines(db, userId, readText(text), namedOrg);
  return db.transaction().execute(async (trx) => {
    const failed: QuickOrderResult['failed'] = [];
    let added = 0;
    const at = now();
    for (const r of resolved) {
      const materialId = r.found?.materialId;
      if (r.error || !materialId) {
        failed.push({ line: r.line, msg: r.error });
        continue;
      }
      const line = await addToLine(
        trx,
        { userId, materialId, quantity: r.quantity, at },
        LIMITS.quantityMax,
      );
      if (line) added += 1;
      else failed.push({ line: r.line, msg: msgCartFull });
    }
    return { added, failed };
  });
}

/**
 * Puts the order's lines that are still on sale into the member's cart at their ordered
 * quantities; the others are answered with why. Another member's order answers 404.
 */
export async function reorder(
  db: Db,
  userId: number,
  orderId: number,
  namedOrg: number | null = null,
): Promise<ReorderResult> {
  return db.transaction().execute(async (trx) => {
    const lines = await repo.reorderLines(trx, userId, orderId);
    if (lines.length === 0) throw notFound('订单不存在');
    const refused = await regulatedRefusals(
      trx,
      userId,
      lines.map((l) => l.materialId),
      namedOrg,
    );
    const skipped: ReorderResult['skipped'] = [];
    let added = 0;
    const at = now();
    for (const l of lines) {
      const name = `${l.name} ${l.pack}`;
      if (l.materialOnSale !== 1 || l.productOnSale !== 1) {
        skipped.push({ name, msg: l.materialOnSale === null ? '商品已不存在' : MSG_OFF_SALE });
        continue;
      }
      const refusal = refused.get(l.materialId);
      if (refusal) {
        skipped.push({ name, msg: refusal });
        continue;
      }
      const line = await addToLine(
        trx,
        { userId, materialId: l.materialId, quantity: l.quantityPurchase, at },
        LIMITS.quantityMax,
      );
      if (line) added += 1;
      else skipped.push({ name, msg: msgCartFull });
    }
    return { added, skipped };
  });
}

/** The columns of the quick-order template and of a sheet read back. */
const SHEET_HEADERS = ['货号或CAS', '包装', '数量'] as const;

/** The XLSX template buyers fill in: the three columns and an example line. */
export function quickOrderTemplate(): Promise<Buffer> {
  return writeXlsx([
    {
      name: '快速下单',
      headers: SHEET_HEADERS,
      rows: [['BW30001-1000', '1mL', '2']],
      widths: [24, 14, 8],
    },
  ]);
}

/**
 * A filled-in template (XLSX or CSV) as the text the paste box takes: its first three columns,
 * one line per row, tab-separated, so the page previews it like pasted lines.
 */
export async function sheetToText(data: Buffer, filename: string): Promise<string> {
  const sheet = await readSheet(data, detectFormat(data, filename), {
    ...SHEET_LIMITS.quickOrder,
    tooManyRows: MSG_TOO_MANY,
  });
  const lines = sheet.rows.map((r) =>
    r.cells
      .slice(0, 3)
      .map((c) => c.trim())
      .join('\t'),
  );
  if (lines.length === 0) throw badRequest('表格中没有商品行');
  if (lines.length > QUICK_ORDER_LINES_MAX) throw badRequest(MSG_TOO_MANY);
  return lines.join('\n');
}
