/*
 * Finance: members' balance statements, the payments export and imported bank statements.
 * Its routes (registered in domains/index.ts) are its door; the bank statement confirmation
 * (a workflow) claims a row through claimStatementRow.
 */
export {
  MSG_ORDER_CONFIRMED,
  MSG_ROW_CONFIRMED,
  claimStatementRow,
  mustFindStatement,
  type ClaimedRow,
} from './bank-statements.service.ts';
