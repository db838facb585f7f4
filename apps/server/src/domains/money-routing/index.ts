/* Money-routing settings (where payments go): proposed by one staff member, confirmed by another. */
export { default as moneyRoutingRoutes } from './money-routing.routes.ts';
