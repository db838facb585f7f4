// Zod schemas of the API: the server validates every request and answer with them; the web
// imports their inferred types, and only the lazily loaded member forms import a few schemas to
// check input (apps/web/src/lib/member/checks.ts), which keeps zod out of the first load.
import './zod-config.ts';
export { GENERIC_ISSUE_PREFIX } from './zod-config.ts';
export * from './envelope.ts';
export * from './fields.ts';
export * from './catalogue.ts';
export * from './content.ts';
export * from './forms.ts';
export * from './account.ts';
export * from './orders.ts';
export * from './payments.ts';
export * from './refunds.ts';
export * from './manage-catalogue.ts';
export * from './manage-bulk.ts';
export * from './staff.ts';
export * from './manage-content.ts';
export * from './manage-search.ts';
export * from './manage-orders.ts';
export * from './members.ts';
export * from './sorting.ts';
export * from './payments-export.ts';
export * from './inbox.ts';
export * from './dashboard.ts';
export * from './notifications.ts';
export * from './procurement.ts';
export * from './compliance.ts';
export * from './lots.ts';
export * from './order-edit.ts';
export * from './bank-transfers.ts';
export * from './bank-statements.ts';
export * from './money-routing.ts';
export * from './safety.ts';
export * from './approval.ts';
export * from './organizations.ts';
export * from './punchout.ts';
export * from './shipping.ts';
export * from './credit.ts';
