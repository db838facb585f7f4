/* Finance: members' balance statements and the payments export. */
export { default as financeRoutes } from './finance.routes.ts';
export { default as paymentsExportRoutes } from './payments-export.routes.ts';
