/*
 * The balance domain's face (docs/architecture.md, "Ledgers"): members' balances are a ledger
 * with one writer, `creditBalance` / `debitBalance`, each change with its balance_records row;
 * and the reads of that history.
 */
export {
  latestRecords,
  pageRecords,
  recordsWithin,
  type RecordFilter,
} from './balance-history.repository.ts';
export { creditBalance, debitBalance, type BalanceEntry } from './balance.repository.ts';
