/*
 * PunchOut (docs/punchout.md): connections of buyers' procurement systems, their sessions and
 * every message in and out. Offers the OrderRequest workflow (workflows/punchout-order.ts) what
 * it needs; its routes (registered in domains/index.ts) are its door.
 */
export type { CxmlAddress, OrderRequest } from './cxml-read.ts';
export { findPurchaseOrder, recordPurchaseOrder, resolveParts } from './purchase-orders.service.ts';
