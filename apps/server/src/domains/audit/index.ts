/*
 * The staff audit log: every staff write records its row in its own transaction (recordAudit);
 * an order's history reads them back.
 */
export { recordAudit } from './audit.repository.ts';
export { historyOf } from './audit.service.ts';
