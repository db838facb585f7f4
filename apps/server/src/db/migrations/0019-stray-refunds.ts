import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code and is never edited once landed.

type Db = Kysely<unknown>;

/**
 * Gateway refunds of money that paid nothing of its order (docs/payments.md, "Money that paid
 * nothing"): a payment that arrived after the order was closed, paid another way or corrected.
 * Marked so that they never count against what the order itself may refund, nor make it 已退款.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('payment_refunds')
    .addColumn('stray', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('payment_refunds').dropColumn('stray').execute();
}
