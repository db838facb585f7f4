/*
 * Shipping: the shipping classes of packs, the packages an order splits into, their freight and
 * carriers per class, and lead times (docs/shipping.md).
 */
export {
  checkPackage,
  expectedShipDate,
  isOutOfStock,
  outOfStockMessage,
  planShipping,
  previewAnswer,
  type OrderLine,
} from './shipping.service.ts';
export { dispatchDateOf, lineAvailability, orderLineShipping } from './lead-times.ts';
export { SHIPPING_RULES_SETTING, saveShippingRules } from './shipping-rules.service.ts';
