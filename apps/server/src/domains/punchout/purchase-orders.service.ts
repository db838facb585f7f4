import type { PriceSource } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import type { CxmlAddress } from './cxml-read.ts';
import * as repo from './punchout.repository.ts';
import type { ReturnedLine } from './cxml-write.ts';

/*
 * What the OrderRequest workflow (workflows/punchout-order.ts) needs of PunchOut: the pack each
 * SupplierPartID names, the price the connection's returned carts quoted for it, and the row
 * that makes a PO number one order.
 */

/** The returned carts an OrderRequest is priced against: a connection's latest ones. */
const CARTS_LOOKED_AT = 50;

/** A returned cart line as kept with its session (an OrderRequest is priced against it). */
export interface KeptLine extends ReturnedLine {
  materialId: number;
  /** Which price unitPrice was (carts kept before it was recorded: member). */
  priceSource?: PriceSource;
}

export interface ResolvedPart {
  materialId: number;
  /** The lowest unit price (fen) a returned cart of the connection gave it and which it was. */
  returned: { price: number; source: PriceSource } | null;
}

function keptLines(text: string | null): KeptLine[] {
  if (text === null) return [];
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? (parsed as KeptLine[]) : [];
}

/** The 货号 a SupplierPartID `<货号>/<pack>` may start with (a 货号 may itself hold a slash). */
const numberCandidates = (part: string) =>
  [...part.matchAll(/\//g)].map((m) => part.slice(0, m.index));

/** Resolves SupplierPartIDs: from the connection's returned carts, else from the catalogue. */
export async function resolveParts(
  db: Db,
  connectionId: number,
  parts: readonly string[],
): Promise<Map<string, ResolvedPart>> {
  const found = new Map<string, ResolvedPart>();
  for (const { returnedCart } of await repo.returnedCarts(db, connectionId, CARTS_LOOKED_AT)) {
    for (const line of keptLines(returnedCart)) {
      if (!parts.includes(line.supplierPartId)) continue;
      const seen = found.get(line.supplierPartId);
      if (!seen || (seen.returned?.price ?? Infinity) > line.unitPrice) {
        found.set(line.supplierPartId, {
          materialId: line.materialId,
          returned: { price: line.unitPrice, source: line.priceSource ?? 'member' },
        });
      }
    }
  }
  const rest = parts.filter((p) => !found.has(p));
  const packs = await repo.packsByNumbers(db, [...new Set(rest.flatMap(numberCandidates))]);
  for (const part of rest) {
    const pack = packs.find((p) => `${p.number}/${p.pack}` === part);
    if (pack) found.set(part, { materialId: pack.materialId, returned: null });
  }
  return found;
}

export async function findPurchaseOrder(
  db: Db,
  connectionId: number,
  poNumber: string,
): Promise<number | undefined> {
  return (await repo.findPurchaseOrder(db, connectionId, poNumber))?.orderId;
}

/** The row that makes a connection's PO number one order (unique per connection and number). */
export async function recordPurchaseOrder(
  trx: Db,
  po: {
    connectionId: number;
    poNumber: string;
    orderId: number;
    shipTo: CxmlAddress;
    billTo: CxmlAddress;
    at: number;
  },
): Promise<void> {
  await repo.insertPurchaseOrder(trx, {
    connectionId: po.connectionId,
    poNumber: po.poNumber,
    orderId: po.orderId,
    shipTo: JSON.stringify(po.shipTo),
    billTo: JSON.stringify(po.billTo),
    createdAt: po.at,
  });
}
