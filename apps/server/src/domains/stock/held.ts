import type { Db } from '../../db/database.ts';
import { bumpCatalogueVersion } from '../../lib/catalogue-version.ts';

/**
 * Call in the transaction that pays an order or cancels a paid one, and that places, approves or
 * cancels a credit order (月结), which holds stock unpaid. What paid orders hold is
 * taken off the stock visitors see (docs/catalogue.md, "Held stock"), so a payment or a
 * cancellation changes what the storefront may show: cached catalogue answers must go.
 */
export function paidOrdersChanged(db: Db): Promise<number> {
  return bumpCatalogueVersion(db);
}
