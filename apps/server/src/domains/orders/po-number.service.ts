import type { Db } from '../../db/database.ts';
import { updatePoNumber } from './po-number.repository.ts';

/** The buyer's purchase order number (采购单号) a PunchOut order was made for (docs/punchout.md). */
export const PO_NUMBER_MAX = 100;

/** Records the PO number of an order just placed from a buyer's procurement system. */
export async function recordPoNumber(trx: Db, orderId: number, poNumber: string): Promise<void> {
  await updatePoNumber(trx, orderId, poNumber.slice(0, PO_NUMBER_MAX));
}
