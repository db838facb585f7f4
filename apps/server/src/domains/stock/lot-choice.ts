import {
  UNBATCHED_LOT,
  allocate,
  fefo,
  isExpired,
  isShort,
  type Allocation,
  type LotStock,
} from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import { lotsIn } from './stock.repository.ts';

/*
 * Which lots a shipment takes (docs/lots.md, "Shipping"): the stock domain's rule, applied to the
 * lots a warehouse holds now. The rules themselves (FEFO, expired, short) are the shared ones
 * (packages/shared/src/lot-rules.ts) the console shows.
 */

export interface LotRequest {
  materialId: number;
  storeId: number;
  /** How the refusals name the warehouse and the line. */
  storeName: string;
  label: string;
  quantity: number;
  /** The lot asked for; undefined: the warehouse's lots first to expire first. */
  lotNumber?: string | undefined;
  /** A controlled chemical: traced by its lot, so never from 未分批 (docs/compliance.md). */
  namedLotOnly: boolean;
}

export interface LotChoiceRules {
  /** Today, China time (YYYY-MM-DD): an expired lot never ships. */
  day: string;
  /** The day before which a lot is short of the shop's minimum remaining shelf life. */
  shortDay: string;
  months: number;
  /** The staff confirmed shipping short lots. */
  confirmShortExpiry: boolean;
}

const UNBATCHED_REFUSED = '受管制化学品须从已命名的批次发货，不能从未分批库存发出';

/**
 * The lots each line takes: the named lot, or the warehouse's lots FEFO. Lines are planned in
 * turn against what the earlier lines left, so two lines of one pack never count the same
 * units. An expired lot never ships; a short one needs the confirmation. Refuses with the line
 * named when a line cannot be filled. Reads the lots in the caller's transaction.
 */
export async function planLots(
  trx: Db,
  lines: readonly LotRequest[],
  rules: LotChoiceRules,
): Promise<Allocation[][]> {
  const books = new Map<string, LotStock[]>();
  const planned: Allocation[][] = [];
  for (const line of lines) {
    const key = `${line.materialId}:${line.storeId}`;
    let lots = books.get(key);
    if (!lots) {
      lots = await lotsIn(trx, line.materialId, line.storeId);
      books.set(key, lots);
    }
    const named = line.namedLotOnly;
    if (named && line.lotNumber === UNBATCHED_LOT) {
      throw badRequest(`${UNBATCHED_REFUSED}：${line.label}`);
    }
    let taken: Allocation[] | null;
    if (line.lotNumber !== undefined) {
      const lot = lots.find((l) => l.lotNumber === line.lotNumber);
      if (!lot) throw badRequest(`${line.storeName}没有批次 ${line.lotNumber}：${line.label}`);
      if (isExpired(lot.expire, rules.day)) {
        throw badRequest(`批次 ${lot.lotNumber} 已过期，不能发货：${line.label}`);
      }
      taken = lot.quantity >= line.quantity ? [{ ...lot, quantity: line.quantity }] : null;
    } else {
      taken = allocate(
        lots.filter(
          (l) => !isExpired(l.expire, rules.day) && !(named && l.lotNumber === UNBATCHED_LOT),
        ),
        line.quantity,
        fefo,
      );
    }
    if (!taken) {
      const which = line.lotNumber ? `批次 ${line.lotNumber} ` : named ? '已命名批次' : '';
      throw badRequest(`${line.storeName}${which}库存不足：${line.label}`);
    }
    for (const t of taken) {
      const lot = lots.find((l) => l.lotNumber === t.lotNumber);
      if (lot) lot.quantity -= t.quantity;
      if (isShort(t.expire, rules.shortDay) && !rules.confirmShortExpiry) {
        throw badRequest(
          `批次 ${t.lotNumber} 有效期至 ${t.expire}，剩余有效期不足 ${rules.months} 个月，请确认后发货：${line.label}`,
        );
      }
    }
    planned.push(taken);
  }
  return planned;
}
