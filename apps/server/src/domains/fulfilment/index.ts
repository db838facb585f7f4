/*
 * The fulfilment domain's face (docs/architecture.md): an order's packages, what they took from
 * stock and their tracking. Shipping and cancelling a package as whole steps, with the order's
 * move, are workflows (apps/server/src/workflows/ship-package.ts, cancel-package.ts).
 */
export { returnPackage, type ReturnedLot } from './delivery-cancel.service.ts';
export { findPackage, packagesOf, shippedOf } from './packages.ts';
export {
  addTrack,
  packPackage,
  parseTrack,
  shipOptions,
  type LineClasses,
  type PackedPackage,
} from './shipping.service.ts';
