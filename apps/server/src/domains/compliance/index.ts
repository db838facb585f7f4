/*
 * Compliance: regulated goods (the reference lists and a product's classes), members'
 * qualifications, who may order what, the sales ledger of shipped regulated lines and the
 * 易制爆 reports (docs/compliance.md).
 */
export { complianceCounts } from './dashboard-counts.ts';
export { LIST_ENTRIES, classSources, listedCategories, lookUp } from './lists/index.ts';
export {
  applyPlan,
  buyingOrg,
  checkLines,
  orderCompany,
  planOrder,
  returnForOrder,
  type CompliancePlan,
  type LineCheck,
  type OrderLineInput,
} from './order-rules.service.ts';
export { resolveClasses, type ResolvedClasses } from './product-classes.ts';
export {
  recordShipment,
  recordShipmentCancelled,
  regulatedLines,
  type ShipmentPackage,
} from './sales-ledger.service.ts';
