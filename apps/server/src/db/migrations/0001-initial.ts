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
const zero = (c: { notNull(): any; defaultTo(v: number): any }) => c.notNull().defaultTo(0);

export async function up(db: Db): Promise<void> {
  await withId(db, db.schema.createTable('categories'))
    .addColumn('pid', 'integer', zero)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url', 'text', text)
    .addColumn('model', 'text', text)
    .addColumn('summary', 'text', text)
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('sort', 'integer', zero)
    .addColumn('is_hot', 'integer', zero)
    .execute();
  await db.schema
    .createIndex('categories_pid_idx')
    .on('categories')
    .columns(['pid', 'sort'])
    .execute();

  await withId(db, db.schema.createTable('brands'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('sort', 'integer', zero)
    .execute();

  await withId(db, db.schema.createTable('products'))
    .addColumn('category_id', 'integer')
    .addColumn('brand_id', 'integer')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', text)
    .addColumn('alias', 'text', text)
    .addColumn('synonyms', 'text', text)
    .addColumn('introduction', 'text', text)
    .addColumn('cas', 'text', text)
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('temperature', 'text', text)
    .addColumn('molecular_weight', 'text', text)
    .addColumn('molecular_formula', 'text', text)
    .addColumn('image', 'text', text)
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('control', 'text', text)
    .addColumn('mdl', 'text', text)
    .addColumn('national_standard', 'text', text)
    .addColumn('purity', 'text', text)
    .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('summary', 'text', text)
    .addColumn('is_hot', 'integer', zero)
    .addColumn('is_new', 'integer', zero)
    .addColumn('sort', 'integer', zero)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('products_category_idx')
    .on('products')
    .column('category_id')
    .execute();
  await db.schema
    .createIndex('products_hot_idx')
    .on('products')
    .columns(['is_hot', 'sort', 'id'])
    .execute();
  await db.schema
    .createIndex('products_new_idx')
    .on('products')
    .columns(['is_new', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('product_relations')
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('related_id', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', zero)
    .addPrimaryKeyConstraint('product_relations_pk', ['product_id', 'related_id'])
    .execute();

  await withId(db, db.schema.createTable('materials'))
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('pack', 'text', (c) => c.notNull())
    .addColumn('price', 'integer')
    .addColumn('user_price', 'integer')
    .addColumn('sort', 'integer', zero)
    .execute();
  await db.schema
    .createIndex('materials_product_idx')
    .on('materials')
    .columns(['product_id', 'sort'])
    .execute();

  await withId(db, db.schema.createTable('stores'))
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('material_stocks')
    .addColumn('material_id', 'integer', (c) => c.notNull())
    .addColumn('store_id', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', zero)
    .addPrimaryKeyConstraint('material_stocks_pk', ['material_id', 'store_id'])
    .execute();

  await withId(db, db.schema.createTable('search_keys'))
    .addColumn('keyword', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', zero)
    .execute();

  await withId(db, db.schema.createTable('links'))
    .addColumn('cid', 'text', (c) => c.notNull())
    .addColumn('title', 'text', text)
    .addColumn('img', 'text', text)
    .addColumn('url', 'text', text)
    .addColumn('sort', 'integer', zero)
    .execute();
  await db.schema.createIndex('links_cid_idx').on('links').columns(['cid', 'sort']).execute();

  await withId(db, db.schema.createTable('contents'))
    .addColumn('cid', 'integer')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('info', 'text', text)
    .addColumn('summary', 'text', text)
    .addColumn('top', 'integer', zero)
    .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('sort', 'integer', zero)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contents_model_idx')
    .on('contents')
    .columns(['model', 'cid', 'top', 'sort'])
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('coa_records'))
    .addColumn('product_number', 'text', (c) => c.notNull())
    .addColumn('lot_number', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('expire', 'text', text)
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('coa_lookup_idx')
    .on('coa_records')
    .columns(['product_number', 'lot_number'])
    .execute();

  await withId(db, db.schema.createTable('feedbacks'))
    .addColumn('contact', 'text', text)
    .addColumn('phone', 'text', text)
    .addColumn('email', 'text', text)
    .addColumn('address', 'text', text)
    .addColumn('content', 'text', text)
    .addColumn('ip', 'text', text)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('bulk_inquiries'))
    .addColumn('user_id', 'integer')
    .addColumn('contact', 'text', text)
    .addColumn('phone', 'text', text)
    .addColumn('email', 'text', text)
    .addColumn('company', 'text', text)
    .addColumn('content', 'text', text)
    .addColumn('ip', 'text', text)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('survey_checkins'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', text)
    .addColumn('phone', 'text', text)
    .addColumn('email', 'text', text)
    .addColumn('company', 'text', text)
    .addColumn('dept', 'text', text)
    .addColumn('extra', 'text', text)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('users'))
    .addColumn('account', 'text', (c) => c.notNull().unique())
    .addColumn('phone', 'text', (c) => c.unique())
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', text)
    .addColumn('company', 'text', text)
    .addColumn('telephone', 'text', text)
    .addColumn('avatar', 'text', text)
    .addColumn('balance', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`balance >= 0`),
    )
    .addColumn('password_updated_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('sessions'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('renewable_until', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await withId(db, db.schema.createTable('verification_codes'))
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('scene', 'integer', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', zero)
    .addColumn('consumed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('verification_codes_target_idx')
    .on('verification_codes')
    .columns(['target', 'scene', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('rate_events'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_events_key_idx')
    .on('rate_events')
    .columns(['key', 'created_at'])
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('invoice_type', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('invoice_header', 'text', text)
    .addColumn('invoice_email', 'text', text)
    .addColumn('taxpayer_number', 'text', text)
    .addColumn('register_address', 'text', text)
    .addColumn('register_telephone', 'text', text)
    .addColumn('bank_name', 'text', text)
    .addColumn('bank_account', 'text', text)
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('addresses'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', zero)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('addresses_user_idx').on('addresses').column('user_id').execute();

  await db.schema
    .createTable('browse_history')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('viewed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('browse_history_pk', ['user_id', 'product_id'])
    .execute();
  await db.schema
    .createIndex('browse_history_recent_idx')
    .on('browse_history')
    .columns(['user_id', 'viewed_at'])
    .execute();

  await withId(db, db.schema.createTable('cart_items'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('material_id', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('cart_items_user_material_uq', ['user_id', 'material_id'])
    .execute();

  await withId(db, db.schema.createTable('orders'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('delivery_username', 'text', (c) => c.notNull())
    .addColumn('delivery_phone', 'text', (c) => c.notNull())
    .addColumn('delivery_region_code', 'text', (c) => c.notNull())
    .addColumn('delivery_address', 'text', (c) => c.notNull())
    .addColumn('goods_amount', 'integer')
    .addColumn('freight', 'integer')
    .addColumn('amount', 'integer')
    .addColumn('count', 'integer', zero)
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('pay_type', 'integer', (c) => c.notNull())
    .addColumn('pay_status', 'integer', (c) => c.notNull())
    .addColumn('user_remark', 'text', text)
    .addColumn('invoice_type', 'integer', (c) => c.notNull())
    .addColumn('invoice_company_name', 'text', text)
    .addColumn('invoice_taxpayer_identification_number', 'text', text)
    .addColumn('invoice_email', 'text', text)
    .addColumn('invoice_registered_address', 'text', text)
    .addColumn('invoice_registration_telephone', 'text', text)
    .addColumn('invoice_deposit_bank', 'text', text)
    .addColumn('invoice_bank_account_number', 'text', text)
    .addColumn('transfer_reference', 'text', text)
    .addColumn('paid_at', 'bigint')
    .addColumn('cancelled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('orders_user_idx')
    .on('orders')
    .columns(['user_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('order_goods'))
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('material_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('number', 'text', text)
    .addColumn('brand_name', 'text', text)
    .addColumn('cas', 'text', text)
    .addColumn('pack', 'text', text)
    .addColumn('image', 'text', text)
    .addColumn('price', 'integer')
    .addColumn('quantity_purchase', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_goods_order_idx')
    .on('order_goods')
    .column('order_id')
    .execute();

  await withId(db, db.schema.createTable('deliveries'))
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('company', 'text', text)
    .addColumn('tracking_number', 'text', text)
    .addColumn('track', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('deliveries_order_idx').on('deliveries').column('order_id').execute();

  await withId(db, db.schema.createTable('delivery_goods'))
    .addColumn('delivery_id', 'integer', (c) => c.notNull())
    .addColumn('order_goods_id', 'integer', (c) => c.notNull())
    .addColumn('quantity_shipped', 'integer', (c) => c.notNull())
    .addColumn('stocks', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .createIndex('delivery_goods_delivery_idx')
    .on('delivery_goods')
    .column('delivery_id')
    .execute();

  await withId(db, db.schema.createTable('balance_records'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('business', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('remark', 'text', text)
    .addColumn('order_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('balance_records_user_idx')
    .on('balance_records')
    .columns(['user_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('customized'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('company', 'text', text)
    .addColumn('contact', 'text', text)
    .addColumn('phone', 'text', text)
    .addColumn('content', 'text', text)
    .addColumn('remark', 'text', text)
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('customized_user_idx')
    .on('customized')
    .columns(['user_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('customized_goods'))
    .addColumn('customized_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('cas', 'text', text)
    .addColumn('pack', 'text', text)
    .addColumn('expect_delivery_time', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('customized_goods_parent_idx')
    .on('customized_goods')
    .column('customized_id')
    .execute();
}

export async function down(db: Db): Promise<void> {
  const tables = [
    'customized_goods',
    'customized',
    'balance_records',
    'delivery_goods',
    'deliveries',
    'order_goods',
    'orders',
    'cart_items',
    'browse_history',
    'addresses',
    'invoices',
    'rate_events',
    'verification_codes',
    'sessions',
    'users',
    'survey_checkins',
    'bulk_inquiries',
    'feedbacks',
    'coa_records',
    'settings',
    'contents',
    'links',
    'search_keys',
    'material_stocks',
    'stores',
    'materials',
    'product_relations',
    'products',
    'brands',
    'categories',
  ];
  for (const t of tables) await db.schema.dropTable(t).ifExists().execute();
}
