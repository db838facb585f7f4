/*
 * The stock domain's face (docs/architecture.md): what other domains, the workflows, the app
 * level and the seed use. Stock counts and lots are a ledger with one writer, `moveStock` /
 * `openStock` (docs/architecture.md, "Ledgers"); the reads are named one by one, including the
 * two SQL expressions of a pack's and a product's stock other lists sort and filter by.
 */
export { paidOrdersChanged } from './held.ts';
export { planLots, type LotChoiceRules, type LotRequest } from './lot-choice.ts';
export { documentDetail } from './lot-views.service.ts';
export { findLot, lotsOfPacks } from './lots.repository.ts';
export { minShelfLifeMonths, today } from './lots.service.ts';
export {
  availableOf,
  heldByPaidOrders,
  isLowStock,
  packTotalStock,
  packsWithStock,
  productTotalStock,
  stocksOfPacks,
  takenByPackage,
} from './stock-levels.repository.ts';
export {
  lotLedgerMismatches,
  moveStock,
  openStock,
  stockLedgerMismatches,
} from './stock.repository.ts';
export { listStores, storesByIds } from './warehouses.service.ts';
