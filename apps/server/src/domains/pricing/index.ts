/*
 * The pricing domain's face (docs/contract-prices-credit.md section 1): contract price lists of
 * organizations. Every place the server prices a line asks contractPricesFor for the tiers in
 * force and weighs them with resolvePrice (packages/shared/src/contract-price.ts).
 */
export { contractPricesFor } from './pricing.service.ts';
