import { withId, type Db } from './support.ts';

// Frozen in time: this file never imports application code and is never edited once landed.

/**
 * Organization credit (月结) and settlements (docs/contract-prices-credit.md sections 2-4): one
 * credit row per organization (the row a credit order locks first), settlements with the orders
 * each settled (an order in one settlement at most), and on the order when it was settled.
 */
export async function up(db: Db): Promise<void> {
  await withId(db, db.schema.createTable('org_credits'))
    .addColumn('org_id', 'integer', (c) => c.notNull().unique())
    // Fen; 0: no credit.
    .addColumn('credit_limit', 'bigint', (c) => c.notNull())
    .addColumn('term_days', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('settlements'))
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('settlements_org')
    .on('settlements')
    .columns(['org_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('settlement_orders')
    .addColumn('settlement_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull().unique())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('settlement_orders_settlement')
    .on('settlement_orders')
    .column('settlement_id')
    .execute();

  await db.schema.alterTable('orders').addColumn('settled_at', 'bigint').execute();
  await db.schema.alterTable('orders').addColumn('settlement_id', 'integer').execute();
  await db.schema
    .createIndex('orders_org_credit')
    .on('orders')
    .columns(['org_id', 'pay_type', 'settled_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('orders_org_credit').execute();
  await db.schema.alterTable('orders').dropColumn('settlement_id').execute();
  await db.schema.alterTable('orders').dropColumn('settled_at').execute();
  await db.schema.dropTable('settlement_orders').execute();
  await db.schema.dropTable('settlements').execute();
  await db.schema.dropTable('org_credits').execute();
}
