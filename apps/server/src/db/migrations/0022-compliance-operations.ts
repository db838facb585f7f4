import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code and is never edited once landed.

type Db = Kysely<unknown>;

const text = (c: { notNull(): any; defaultTo(v: string): any }) => c.notNull().defaultTo('');

const LEDGER_COLUMNS = [
  // Every class of the product when shipped, comma-separated (the strictest is `category`).
  'categories',
  // Province, city and district names of the delivery address, as shipped.
  'region',
  // The buyer's 统一社会信用代码 and registered address, from the approved business licence and
  // the order's invoice details.
  'buyer_credit_code',
  'buyer_registered_address',
  // The buyer's stated use of the line (易制爆), empty where none was asked.
  'purpose',
  'carrier',
  'tracking_number',
  // 经办人: who collected or received the goods, with the number of their identity card.
  'handler_name',
  'handler_id_number',
] as const;

/**
 * What a public-security inspection asks of the sales ledger (docs/compliance.md section 5), the
 * 经办人 of a package, and the 易制爆 five-day report (one row per reported ledger row).
 */
export async function up(db: Db): Promise<void> {
  for (const column of LEDGER_COLUMNS) {
    await db.schema.alterTable('sales_ledger').addColumn(column, 'text', text).execute();
  }
  for (const column of ['handler_name', 'handler_id_number']) {
    await db.schema.alterTable('deliveries').addColumn(column, 'text', text).execute();
  }
  // The primary key makes a line reported once, whoever marks it at the same time.
  await db.schema
    .createTable('explosive_reports')
    .addColumn('ledger_id', 'integer', (c) => c.primaryKey())
    .addColumn('reported_at', 'bigint', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('explosive_reports').execute();
  for (const column of ['handler_name', 'handler_id_number']) {
    await db.schema.alterTable('deliveries').dropColumn(column).execute();
  }
  for (const column of LEDGER_COLUMNS) {
    await db.schema.alterTable('sales_ledger').dropColumn(column).execute();
  }
}
