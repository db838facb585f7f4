import type { Db } from './support.ts';

/**
 * What a budget's orders use (docs/organizations.md, "Budgets") is summed inside every order
 * placed against it, while the budget's row is locked: an index holding the organization, the
 * budget, the status and the amount answers the sum from the index alone, without reading each
 * order's row (an organization with a thousand orders took 0.3 ms a sum through orders_org).
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createIndex('orders_org_budget_use')
    .on('orders')
    .columns(['org_id', 'budget_code', 'status', 'amount'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('orders_org_budget_use').ifExists().execute();
}
