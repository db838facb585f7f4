import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code and is never edited once landed.

type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  // The structure of a single defined substance; null for mixtures, biologicals and goods.
  await db.schema.alterTable('products').addColumn('smiles', 'text').execute();
  await db.schema.alterTable('products').addColumn('inchi_key', 'text').execute();
  await db.schema
    .createIndex('products_inchi_key_idx')
    .on('products')
    .column('inchi_key')
    .execute();

  // A brand's name finds its products: a range of this index.
  await db.schema
    .createIndex('products_brand_idx')
    .on('products')
    .columns(['brand_id', 'id'])
    .execute();

  // Chemistry facts per product, derived by the search indexer: Hill formulas of the whole
  // product (salts and solvates included) and of its main part, the weight, and for products
  // with a structure its idcode and 512-bit fragment index (hex) for substructure screening.
  await db.schema
    .createTable('product_structures')
    .addColumn('product_id', 'integer', (c) => c.primaryKey())
    .addColumn('hill', 'text', (c) => c.notNull())
    .addColumn('hill_main', 'text', (c) => c.notNull())
    .addColumn('weight', 'double precision')
    .addColumn('idcode', 'text')
    .addColumn('fragment_index', 'text')
    .execute();
  await db.schema
    .createIndex('product_structures_hill_idx')
    .on('product_structures')
    .column('hill')
    .execute();
  await db.schema
    .createIndex('product_structures_hill_main_idx')
    .on('product_structures')
    .column('hill_main')
    .execute();
  await db.schema
    .createIndex('product_structures_weight_idx')
    .on('product_structures')
    .columns(['weight', 'product_id'])
    .execute();

  // Words lab buyers type for what the catalogue calls otherwise (ACN -> 乙腈, 农残 -> 农药残留):
  // data the staff extend, read by the search when it resolves a term.
  await db.schema
    .createTable('search_synonyms')
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('expansion', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_synonyms_pk', ['term', 'expansion'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('search_synonyms').ifExists().execute();
  await db.schema.dropTable('product_structures').ifExists().execute();
  await db.schema.dropIndex('products_inchi_key_idx').ifExists().execute();
  await db.schema.dropIndex('products_brand_idx').ifExists().execute();
  await db.schema.alterTable('products').dropColumn('inchi_key').execute();
  await db.schema.alterTable('products').dropColumn('smiles').execute();
}
