import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { NewRow, PunchoutConnectionTable, PunchoutSessionTable } from '../../db/schema.ts';

export type ConnectionRow = Selectable<PunchoutConnectionTable>;
export type SessionRow = Selectable<PunchoutSessionTable>;

export async function insertConnection(
  db: Db,
  row: NewRow<'punchoutConnections'>,
): Promise<number> {
  const { id } = await db
    .insertInto('punchoutConnections')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function listConnections(db: Db): Promise<ConnectionRow[]> {
  return db.selectFrom('punchoutConnections').selectAll().orderBy('id', 'desc').execute();
}

export async function findConnection(db: Db, id: number): Promise<ConnectionRow | undefined> {
  return db.selectFrom('punchoutConnections').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The connection of a sender, enabled or not (a disabled one is refused by the caller). */
export async function findConnectionBy(
  db: Db,
  protocol: string,
  fromDomain: string,
  fromIdentity: string,
): Promise<ConnectionRow | undefined> {
  return db
    .selectFrom('punchoutConnections')
    .selectAll()
    .where('protocol', '=', protocol)
    .where('fromDomain', '=', fromDomain)
    .where('fromIdentity', '=', fromIdentity)
    .executeTakeFirst();
}

export async function setConnectionEnabled(
  db: Db,
  id: number,
  enabled: boolean,
  at: number,
): Promise<boolean> {
  const r = await db
    .updateTable('punchoutConnections')
    .set({ enabled: enabled ? 1 : 0, updatedAt: at })
    .where('id', '=', id)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

export async function insertSession(db: Db, row: NewRow<'punchoutSessions'>): Promise<number> {
  const { id } = await db
    .insertInto('punchoutSessions')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Marks a start link used, once: the conditional update lets exactly one of two concurrent
 * follows of the same link through. Answers the session it started, or undefined.
 */
export async function startSession(
  db: Db,
  tokenHash: string,
  at: number,
): Promise<SessionRow | undefined> {
  return db
    .updateTable('punchoutSessions')
    .set({ startedAt: at })
    .where('tokenHash', '=', tokenHash)
    .where('startedAt', 'is', null)
    .where('expiresAt', '>', at)
    .returningAll()
    .executeTakeFirst();
}

export async function linkMemberSession(
  db: Db,
  id: number,
  memberSessionId: number,
): Promise<void> {
  await db.updateTable('punchoutSessions').set({ memberSessionId }).where('id', '=', id).execute();
}

/** The punchout session a member session was opened by, with its connection. */
export async function sessionOfMemberSession(db: Db, memberSessionId: number) {
  return db
    .selectFrom('punchoutSessions as s')
    .innerJoin('punchoutConnections as c', 'c.id', 's.connectionId')
    .innerJoin('organizations as o', 'o.id', 'c.orgId')
    .select([
      'o.name as orgName',
      's.id',
      's.connectionId',
      's.operation',
      's.buyerCookie',
      's.returnUrl',
      'c.protocol',
      'c.fromDomain',
      'c.fromIdentity',
      'c.allowedReturnHosts',
      'c.enabled',
      'c.memberId',
      'c.orgId',
    ])
    .where('s.memberSessionId', '=', memberSessionId)
    .executeTakeFirst();
}

export async function recordReturnedCart(
  db: Db,
  id: number,
  cart: string,
  at: number,
): Promise<void> {
  await db
    .updateTable('punchoutSessions')
    .set({ returnedCart: cart, returnedAt: at })
    .where('id', '=', id)
    .execute();
}

/** The carts a connection's sessions returned, newest first (an OrderRequest's prices). */
export async function returnedCarts(db: Db, connectionId: number, limit: number) {
  return db
    .selectFrom('punchoutSessions')
    .select(['returnedCart'])
    .where('connectionId', '=', connectionId)
    .where('returnedCart', 'is not', null)
    .orderBy('returnedAt', 'desc')
    .limit(limit)
    .execute();
}

export async function insertMessage(db: Db, row: NewRow<'punchoutMessages'>): Promise<void> {
  await db.insertInto('punchoutMessages').values(row).execute();
}

export async function listMessages(db: Db, connectionId: number, limit: number) {
  return db
    .selectFrom('punchoutMessages')
    .selectAll()
    .where('connectionId', '=', connectionId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function findPurchaseOrder(db: Db, connectionId: number, poNumber: string) {
  return db
    .selectFrom('punchoutOrders')
    .select(['orderId'])
    .where('connectionId', '=', connectionId)
    .where('poNumber', '=', poNumber)
    .executeTakeFirst();
}

export async function insertPurchaseOrder(db: Db, row: NewRow<'punchoutOrders'>): Promise<void> {
  await db.insertInto('punchoutOrders').values(row).execute();
}

/** Packs whose 货号 is one of the candidates, with their pack names (SupplierPartID lookup). */
export async function packsByNumbers(db: Db, numbers: string[]) {
  if (numbers.length === 0) return [];
  return db
    .selectFrom('materials as m')
    .innerJoin('products as p', 'p.id', 'm.productId')
    .select(['m.id as materialId', 'p.number', 'm.pack'])
    .where('p.number', 'in', numbers)
    .execute();
}
