import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, NewRow } from '../../db/schema.ts';
import * as settings from '../../lib/settings.repository.ts';

/** A database or a transaction. */
type Q = Kysely<Database>;

const INSERT_CHUNK = 500;
/** The settings row bumped whenever structures change, so every instance updates its screen. */
export const STRUCTURE_VERSION_KEY = 'structure_version';
/** The settings row a full rebuild bumps, so every instance builds its screen again. */
export const STRUCTURE_EPOCH_KEY = 'structure_epoch';

export function listProductChemistry(db: Q, afterId: number, limit: number) {
  return (
    db
      .selectFrom('products')
      .select(['id', 'smiles', 'molecularFormula'])
      // Products off sale leave structure and formula search as they leave text search.
      .where('onSale', '=', 1)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute()
  );
}

export function findProductChemistry(db: Q, ids: readonly number[]) {
  return db
    .selectFrom('products')
    .select(['id', 'smiles', 'molecularFormula'])
    .where('onSale', '=', 1)
    .where('id', 'in', ids)
    .execute();
}

export async function clearStructures(db: Q) {
  await db.deleteFrom('productStructures').execute();
}

export async function deleteStructures(db: Q, ids: readonly number[]) {
  if (ids.length > 0)
    await db.deleteFrom('productStructures').where('productId', 'in', ids).execute();
}

export async function insertStructures(db: Q, rows: ReadonlyArray<NewRow<'productStructures'>>) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insertInto('productStructures')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
  }
}

/** Marks the structures as changed: a new random version every instance notices. */
export function bumpStructureVersion(db: Q, version: string): Promise<void> {
  return settings.writeSetting(db, STRUCTURE_VERSION_KEY, version);
}

/** Marks a full rebuild: screens built before it are built again, not brought up to date. */
export function bumpStructureEpoch(db: Q, epoch: string): Promise<void> {
  return settings.writeSetting(db, STRUCTURE_EPOCH_KEY, epoch);
}

export async function structureVersions(db: Db): Promise<{ epoch: string; version: string }> {
  const [epoch, version] = await Promise.all([
    settings.readSetting(db, STRUCTURE_EPOCH_KEY),
    settings.readSetting(db, STRUCTURE_VERSION_KEY),
  ]);
  return { epoch: epoch ?? '', version: version ?? '' };
}

/** Every structure row with its fingerprint (null until stored), for the in-memory screen. */
export function listStructures(db: Db, afterId: number, limit: number) {
  return db
    .selectFrom('productStructures as s')
    .leftJoin('structureFingerprints as f', 'f.idcode', 's.idcode')
    .select(['s.productId', 's.idcode', 'f.fingerprint'])
    .where('s.idcode', 'is not', null)
    .where('s.productId', '>', afterId)
    .orderBy('s.productId')
    .limit(limit)
    .execute();
}

/** The structure rows of the given products, as listStructures reads them. */
export function findStructures(db: Db, productIds: readonly number[]) {
  return db
    .selectFrom('productStructures as s')
    .leftJoin('structureFingerprints as f', 'f.idcode', 's.idcode')
    .select(['s.productId', 's.idcode', 'f.fingerprint'])
    .where('s.idcode', 'is not', null)
    .where('s.productId', 'in', productIds)
    .execute();
}

/** Stores fingerprints of structures not stored yet (a structure's fingerprint never changes). */
export async function insertFingerprints(
  db: Q,
  rows: ReadonlyArray<{ idcode: string; fingerprint: Uint8Array }>,
) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insertInto('structureFingerprints')
      .values(
        rows
          .slice(i, i + INSERT_CHUNK)
          .map((r) => ({ idcode: r.idcode, fingerprint: Buffer.from(r.fingerprint) })),
      )
      .onConflict((oc) => oc.column('idcode').doNothing())
      .execute();
  }
}

/** Forgets the fingerprints no product carries any more. */
export async function pruneFingerprints(db: Q) {
  await db
    .deleteFrom('structureFingerprints')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('productStructures as s')
            .select('s.productId')
            .whereRef('s.idcode', '=', 'structureFingerprints.idcode'),
        ),
      ),
    )
    .execute();
}

export async function insertChanges(db: Q, productIds: readonly number[]) {
  for (let i = 0; i < productIds.length; i += INSERT_CHUNK) {
    await db
      .insertInto('structureChanges')
      .values(productIds.slice(i, i + INSERT_CHUNK).map((productId) => ({ productId })))
      .execute();
  }
}

export async function clearChanges(db: Q) {
  await db.deleteFrom('structureChanges').execute();
}

/** The last change recorded, 0 without any. */
export async function lastChange(db: Db): Promise<number> {
  const row = await db
    .selectFrom('structureChanges')
    .select((eb) => eb.fn.max('id').as('last'))
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

/** The changes after `afterId`, in order. */
export function listChanges(db: Db, afterId: number, limit: number) {
  return db
    .selectFrom('structureChanges')
    .select(['id', 'productId'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Products of a formula (Hill order), whole or main part, in catalogue order. */
export async function findByFormula(db: Db, hill: string): Promise<number[]> {
  const { rows } = await sql<{ productId: number }>`select product_id from product_structures
    where hill = ${hill} union select product_id from product_structures where hill_main = ${hill}
    order by product_id`.execute(db);
  return rows.map((r) => r.productId);
}

/** Products whose weight lies in [min, max], lightest first; index range scan. */
export async function pageByWeight(
  db: Db,
  min: number,
  max: number,
  offset: number,
  limit: number,
): Promise<{ ids: number[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('productStructures')
      .select('productId')
      .where('weight', '>=', min)
      .where('weight', '<=', max)
      .orderBy('weight')
      .orderBy('productId')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('productStructures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('weight', '>=', min)
      .where('weight', '<=', max)
      .executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((r) => r.productId), total: Number(count.n) };
}

/** The catalogue's CAS numbers among the given digit strings (index lookups on cas_key). */
export async function findCatalogueCas(db: Db, casKeys: readonly string[]): Promise<string[]> {
  if (casKeys.length === 0) return [];
  const rows = await db
    .selectFrom('searchDocs as d')
    .innerJoin('products as p', 'p.id', 'd.productId')
    .select('p.cas')
    .distinct()
    .where('d.casKey', 'in', casKeys)
    .execute();
  return rows.map((r) => r.cas);
}
