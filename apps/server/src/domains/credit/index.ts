/*
 * The credit domain's face (docs/contract-prices-credit.md): an organization's credit (月结)
 * limit and term, the check of a credit order in its placing transaction (reserveCredit), the
 * monthly statement and the settlements that pay credit orders (workflows/settle-credit.ts).
 */
export {
  creditOf,
  creditOrdersByIds,
  memberStatement,
  overdueOrgCount,
  recordSettledOrders,
  recordSettlement,
  reserveCredit,
  setCredit,
  statementOf,
  type CreditView,
} from './credit.service.ts';
