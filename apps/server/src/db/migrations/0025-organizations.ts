import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: this file never imports application code and is never edited once landed.

type Db = Kysely<unknown>;

function withId<T extends string>(db: Db, table: CreateTableBuilder<T, never>) {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  return isPg
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/**
 * Organizations (docs/organizations.md): labs and companies that buy together, their members
 * with a role each, approval rules, budgets (经费卡) whose `used` is moved by one guarded
 * statement so parallel orders never pass the amount, shared addresses and invoice title, and
 * each order's approval steps. Orders record their organization, budget and approval status;
 * a qualification document may belong to an organization.
 */
export async function up(db: Db): Promise<void> {
  await withId(db, db.schema.createTable('organizations'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('uscc', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verify_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('verified_by', 'integer')
    .addColumn('verified_at', 'bigint')
    // Fen; null: no approval by amount, 0: every order.
    .addColumn('approval_over', 'bigint')
    .addColumn('regulated_needs_safety', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('org_members')
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    // buyer, approver, safety or admin
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('org_members_pk', ['org_id', 'user_id'])
    .execute();
  await db.schema.createIndex('org_members_user').on('org_members').column('user_id').execute();

  await withId(db, db.schema.createTable('org_budgets'))
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    // Fen of the budget's orders that are not cancelled.
    .addColumn('used', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_from', 'bigint', (c) => c.notNull())
    .addColumn('valid_until', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('org_budgets_code')
    .unique()
    .on('org_budgets')
    .columns(['org_id', 'code'])
    .execute();

  await withId(db, db.schema.createTable('org_addresses'))
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('org_addresses_org').on('org_addresses').column('org_id').execute();

  await db.schema
    .createTable('org_invoices')
    .addColumn('org_id', 'integer', (c) => c.primaryKey())
    .addColumn('invoice_type', 'integer', (c) => c.notNull())
    .addColumn('invoice_header', 'text', (c) => c.notNull())
    .addColumn('invoice_email', 'text', (c) => c.notNull())
    .addColumn('taxpayer_number', 'text', (c) => c.notNull())
    .addColumn('register_address', 'text', (c) => c.notNull())
    .addColumn('register_telephone', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('bank_account', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('order_approvals'))
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('org_id', 'integer', (c) => c.notNull())
    // approver or safety: the kind of member the step waits for.
    .addColumn('role', 'text', (c) => c.notNull())
    // pending, approved or rejected
    .addColumn('decision', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('decided_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_approvals_step')
    .unique()
    .on('order_approvals')
    .columns(['order_id', 'role'])
    .execute();
  await db.schema
    .createIndex('order_approvals_pending')
    .on('order_approvals')
    .columns(['org_id', 'decision'])
    .execute();

  await db.schema.alterTable('orders').addColumn('org_id', 'integer').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('budget_code', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // none, pending, approved or rejected
  await db.schema
    .alterTable('orders')
    .addColumn('approval_status', 'text', (c) => c.notNull().defaultTo('none'))
    .execute();
  await db.schema.createIndex('orders_org').on('orders').columns(['org_id', 'id']).execute();

  await db.schema.alterTable('qualifications').addColumn('org_id', 'integer').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('qualifications').dropColumn('org_id').execute();
  await db.schema.dropIndex('orders_org').execute();
  for (const column of ['approval_status', 'budget_code', 'org_id']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
  for (const table of [
    'order_approvals',
    'org_invoices',
    'org_addresses',
    'org_budgets',
    'org_members',
    'organizations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
