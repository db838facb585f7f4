import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: this file never imports application code and is never edited once landed.

type Db = Kysely<unknown>;

function withId<T extends string>(db: Db, table: CreateTableBuilder<T, never>) {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  return isPg
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const text = (c: { notNull(): any; defaultTo(v: string): any }) => c.notNull().defaultTo('');

/** The pack text parser as it was when this migration landed (docs/compliance.md). */
function netAmount(pack: string): { amount: number; dimension: string } | null {
  const factors: Record<string, [number, string]> = {
    μg: [0.001, 'mass'],
    mg: [1, 'mass'],
    g: [1_000, 'mass'],
    kg: [1_000_000, 'mass'],
    μl: [1, 'volume'],
    ml: [1_000, 'volume'],
    l: [1_000_000, 'volume'],
  };
  let t = pack.normalize('NFKC').trim();
  const dot = Math.max(t.lastIndexOf('·'), t.lastIndexOf('*'), t.lastIndexOf('×'));
  if (dot >= 0) t = t.slice(dot + 1);
  t = t
    .replace(/[（(][^）)]*[）)]\s*$/u, '')
    .trim()
    .toLowerCase()
    .replace(/(\d)\s*u(?=[gl]$)/, '$1μ');
  const m = /^(\d+(?:\.\d+)?)\s*(μg|mg|g|kg|μl|ml|l)$/.exec(t);
  const f = m?.[2] ? factors[m[2]] : undefined;
  if (!m?.[1] || !f) return null;
  const amount = Math.round(Number(m[1]) * f[0]);
  return amount > 0 ? { amount, dimension: f[1] } : null;
}

export async function up(db: Db): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;

  // The product's regulatory class (precursor-1 … hazardous, null none) and GHS label (JSON).
  await db.schema.alterTable('products').addColumn('regulation_category', 'text').execute();
  await db.schema.alterTable('products').addColumn('ghs', 'text').execute();

  // A pack's net amount, read once from its text: mg (mass) or μL (volume); null when unknown.
  await db.schema.alterTable('materials').addColumn('net_amount', 'bigint').execute();
  await db.schema.alterTable('materials').addColumn('net_dimension', 'text').execute();
  const packs = await sql<{ id: number; pack: string }>`select id, pack from materials`.execute(db);
  for (const p of packs.rows) {
    const net = netAmount(p.pack);
    if (net) {
      await sql`update materials set net_amount = ${net.amount}, net_dimension = ${net.dimension} where id = ${p.id}`.execute(
        db,
      );
    }
  }

  // A member's document: business licence, permits and records, reviewed by compliance staff.
  await withId(db, db.schema.createTable('qualifications'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('holder', 'text', (c) => c.notNull())
    // YYYY-MM-DD, the last day it is valid (China time).
    .addColumn('valid_until', 'text', (c) => c.notNull())
    // pending, approved, rejected (expired is derived from valid_until).
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', text)
    // Path below DATA_DIR/private: never served as a static file.
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('file_type', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', text)
    .addColumn('reviewed_by', 'integer')
    .addColumn('reviewed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('qualifications_user_idx')
    .on('qualifications')
    .columns(['user_id', 'kind'])
    .execute();
  await db.schema
    .createIndex('qualifications_status_idx')
    .on('qualifications')
    .columns(['status', 'id'])
    .execute();

  // Substances a document allows, with the quantity granted and what is left (mg or μL).
  await withId(db, db.schema.createTable('qualification_substances'))
    .addColumn('qualification_id', 'integer', (c) => c.notNull())
    .addColumn('cas', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('remaining', 'bigint', (c) => c.notNull().check(sql`remaining >= 0`))
    .execute();
  await db.schema
    .createIndex('qualification_substances_doc_idx')
    .on('qualification_substances')
    .column('qualification_id')
    .execute();

  // Every change of what is left: taken by an order line, given back by its cancellation.
  await withId(db, db.schema.createTable('qualification_movements'))
    .addColumn('qualification_id', 'integer', (c) => c.notNull())
    .addColumn('substance_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('order_goods_id', 'integer', (c) => c.notNull())
    .addColumn('change', 'bigint', (c) => c.notNull())
    .addColumn('remaining_after', 'bigint', (c) => c.notNull())
    // order or cancel
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('qualification_movements_doc_idx')
    .on('qualification_movements')
    .columns(['qualification_id', 'id'])
    .execute();
  await db.schema
    .createIndex('qualification_movements_order_idx')
    .on('qualification_movements')
    .column('order_id')
    .execute();

  // Which documents allowed each regulated order line (the licence of 易制爆 lines included).
  await db.schema
    .createTable('order_qualifications')
    .addColumn('order_goods_id', 'integer', (c) => c.notNull())
    .addColumn('qualification_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_qualifications_pk', ['order_goods_id', 'qualification_id'])
    .execute();
  await db.schema
    .createIndex('order_qualifications_order_idx')
    .on('order_qualifications')
    .column('order_id')
    .execute();

  // 销售台账: one row per shipped regulated line, written with the shipment, never changed.
  await withId(db, db.schema.createTable('sales_ledger'))
    .addColumn('shipped_at', 'bigint', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('order_number', 'text', (c) => c.notNull())
    .addColumn('delivery_id', 'integer', (c) => c.notNull())
    .addColumn('order_goods_id', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('cas', 'text', text)
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('pack', 'text', text)
    .addColumn('count', 'integer', (c) => c.notNull())
    // mg or μL, and its dimension; null when the pack's amount is unknown.
    .addColumn('net_amount', 'bigint')
    .addColumn('net_dimension', 'text')
    .addColumn('buyer_user_id', 'integer', (c) => c.notNull())
    .addColumn('buyer_company', 'text', text)
    .addColumn('consignee', 'text', text)
    .addColumn('consignee_phone', 'text', text)
    .addColumn('address', 'text', text)
    .addColumn('document_id', 'integer')
    .addColumn('document_kind', 'text', text)
    .addColumn('document_number', 'text', text)
    .addColumn('document_file', 'text', text)
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('staff_name', 'text', text)
    .execute();
  await db.schema
    .createIndex('sales_ledger_shipped_idx')
    .on('sales_ledger')
    .columns(['shipped_at', 'id'])
    .execute();

  // The ledger is append-only in the database itself: updates and deletes are aborted.
  if (isPg) {
    await sql`create function sales_ledger_append_only() returns trigger language plpgsql as $$
      begin raise exception 'sales_ledger is append-only'; end $$`.execute(db);
    await sql`create trigger sales_ledger_no_update before update or delete on sales_ledger
      for each row execute function sales_ledger_append_only()`.execute(db);
    await sql`create trigger sales_ledger_no_truncate before truncate on sales_ledger
      for each statement execute function sales_ledger_append_only()`.execute(db);
  } else {
    await sql`create trigger sales_ledger_no_update before update on sales_ledger
      begin select raise(abort, 'sales_ledger is append-only'); end`.execute(db);
    await sql`create trigger sales_ledger_no_delete before delete on sales_ledger
      begin select raise(abort, 'sales_ledger is append-only'); end`.execute(db);
  }
}
