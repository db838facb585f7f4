import { withId, type Db } from './support.ts';

// Frozen in time: this file never imports application code and is never edited once landed.

const text = (c: { notNull(): any; defaultTo(v: string): any }) => c.notNull().defaultTo('');

/**
 * Imported bank statements and their rows (docs/contract-prices-credit.md section 5): each row
 * as read, the order it matched (or why none) and, once staff confirmed it, when and by whom.
 * `confirmed_order_id` is set only by a confirmation and is unique, so one order is never
 * confirmed by two rows, of one statement or of two imports of the same file.
 */
export async function up(db: Db): Promise<void> {
  await withId(db, db.schema.createTable('bank_statements'))
    .addColumn('file_name', 'text', text)
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('matched_count', 'integer', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('bank_statement_rows'))
    .addColumn('statement_id', 'integer', (c) => c.notNull())
    // The row's line in the file, as staff see it in their spreadsheet.
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('date', 'bigint')
    // Fen; negative for money going out (refunds, fees); null when it could not be read.
    .addColumn('amount', 'bigint')
    .addColumn('payer_name', 'text', text)
    .addColumn('payer_account', 'text', text)
    .addColumn('memo', 'text', text)
    .addColumn('matched_order_id', 'integer')
    // reference or amountAndName; '' when unmatched.
    .addColumn('matched_by', 'text', text)
    // Why the row matched no order; '' when it matched.
    .addColumn('reason', 'text', text)
    .addColumn('confirmed_order_id', 'integer')
    .addColumn('confirmed_at', 'bigint')
    .addColumn('confirmed_by', 'integer')
    .execute();
  await db.schema
    .createIndex('bank_statement_rows_row')
    .unique()
    .on('bank_statement_rows')
    .columns(['statement_id', 'row_number'])
    .execute();
  await db.schema
    .createIndex('bank_statement_rows_confirmed_order')
    .unique()
    .on('bank_statement_rows')
    .column('confirmed_order_id')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('bank_statement_rows_confirmed_order').execute();
  await db.schema.dropIndex('bank_statement_rows_row').execute();
  await db.schema.dropTable('bank_statement_rows').execute();
  await db.schema.dropTable('bank_statements').execute();
}
