import { createHash, randomBytes } from 'node:crypto';
import { LIMITS, resolvePrice } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/unique.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { checkPassword, hashPassword } from '../../lib/password.ts';
import { createPunchoutMember } from '../account/index.ts';
import { recordAudit } from '../audit/index.ts';
import { addPunchoutBuyer, findOrg } from '../organizations/index.ts';
import { addToLine, deletePackLines, listLines } from '../cart/index.ts';
import { contractPricesFor } from '../pricing/index.ts';
import { lineAvailability, outOfStockMessage } from '../shipping/index.ts';
import { openSession } from '../session/index.ts';
import type { OrderRequestLine, SetupRequest } from './cxml-read.ts';
import { orderMessage } from './cxml-write.ts';
import { ociFields } from './oci.ts';
import * as repo from './punchout.repository.ts';
import { resolveParts, type KeptLine } from './purchase-orders.service.ts';

/*
 * PunchOut connections and sessions (docs/punchout.md): staff register a buyer's procurement
 * system; its setup request (cXML) or login (OCI) makes a one-time start link; following it opens
 * a member session as the connection's account; the cart goes back as a form the browser posts.
 */

export type Protocol = 'cxml' | 'oci';

/** How long a start link may wait to be followed (DESIGN: 5 minutes). */
const START_LINK_MS = 5 * 60 * 1000;
/** UNSPSC segment 12, "Chemicals including Bio Chemicals and Gas Materials" (docs/punchout.md). */
export const UNSPSC_CHEMICALS = '12000000';
/** The lead time the shop quotes in days when the cart is returned (docs/punchout.md). */
const LEAD_TIME_DAYS = 7;

export const CONNECTION_EXISTS = '该采购系统身份已有对接';
export const CONNECTION_NOT_FOUND = '对接不存在';
export const ORG_NOT_FOUND = '单位不存在';
export const BAD_CREDENTIALS = '采购系统凭据错误';
export const CONNECTION_DISABLED = '该采购系统对接已停用';
export const RETURN_HOST_REFUSED = '返回地址的主机不在允许列表中';
export const START_LINK_INVALID = '登录链接无效或已使用，请从采购系统重新进入';
export const NOT_PUNCHOUT = '当前不是采购系统会话';
export const CART_EMPTY = '购物车为空，无法返回采购系统';
export const CART_HAS_INQUIRY = '购物车含询价商品，无法返回采购系统';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const hostsOf = (text: string): string[] => {
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed.filter((h): h is string => typeof h === 'string') : [];
};

/** The return URL's host is one staff allowed (https, or http for a local test system). */
export function returnUrlAllowed(url: string, allowedHosts: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  return allowedHosts.some((h) => h.toLowerCase() === parsed.host.toLowerCase());
}

export interface ConnectionInput {
  orgId: number;
  protocol: Protocol;
  fromDomain: string;
  fromIdentity: string;
  sharedSecret: string;
  allowedReturnHosts: string[];
}

export async function createConnection(
  db: Db,
  input: ConnectionInput,
  staffId: number,
): Promise<{ id: number }> {
  if (!(await findOrg(db, input.orgId))) throw notFound(ORG_NOT_FOUND);
  const secretHash = await hashPassword(input.sharedSecret);
  const at = now();
  try {
    const id = await db.transaction().execute(async (trx) => {
      const memberId = await createPunchoutMember(trx, {
        key: randomBytes(8).toString('hex'),
        name: `采购系统 ${input.fromIdentity}`.slice(0, 50),
        company: '',
        at,
      });
      await addPunchoutBuyer(trx, input.orgId, memberId, at);
      const connectionId = await repo.insertConnection(trx, {
        orgId: input.orgId,
        protocol: input.protocol,
        // OCI logs in with USERNAME alone (docs/punchout.md): its connections have no domain.
        fromDomain: input.protocol === 'oci' ? '' : input.fromDomain,
        fromIdentity: input.fromIdentity,
        secretHash,
        allowedReturnHosts: JSON.stringify(input.allowedReturnHosts),
        memberId,
        createdBy: staffId,
        createdAt: at,
        updatedAt: at,
      });
      const { sharedSecret: _secret, ...shown } = input;
      await recordAudit(trx, {
        staffId,
        action: 'punchout.connection.create',
        target: `punchout-connection:${connectionId}`,
        before: null,
        after: { ...shown, memberId },
      });
      return connectionId;
    });
    return { id };
  } catch (e) {
    if (isUniqueViolation(e)) throw badRequest(CONNECTION_EXISTS);
    throw e;
  }
}

export async function listConnections(db: Db) {
  return (await repo.listConnections(db)).map((c) => ({
    id: c.id,
    orgId: c.orgId,
    protocol: c.protocol as Protocol,
    fromDomain: c.fromDomain,
    fromIdentity: c.fromIdentity,
    allowedReturnHosts: hostsOf(c.allowedReturnHosts),
    memberId: c.memberId,
    enabled: c.enabled === 1,
    createdAt: Number(c.createdAt),
  }));
}

export async function setConnectionEnabled(
  db: Db,
  id: number,
  enabled: boolean,
  staffId: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await repo.findConnection(trx, id);
    if (!before) throw notFound(CONNECTION_NOT_FOUND);
    await repo.setConnectionEnabled(trx, id, enabled, now());
    await recordAudit(trx, {
      staffId,
      action: enabled ? 'punchout.connection.enable' : 'punchout.connection.disable',
      target: `punchout-connection:${id}`,
      before: { enabled: before.enabled === 1 },
      after: { enabled },
    });
  });
}

/** Masks what must never be kept: cXML SharedSecret elements and OCI passwords. */
export const maskSecrets = (body: string): string =>
  body.replace(/<SharedSecret>[\s\S]*?<\/SharedSecret>/g, '<SharedSecret>***</SharedSecret>');

export interface Message {
  connectionId: number | null;
  sessionId?: number | null;
  direction: 'in' | 'out';
  kind: string;
  status: number;
  body: string;
}

/** Keeps a message in or out for support (DESIGN 16), its secrets masked. */
export async function keepMessage(db: Db, m: Message): Promise<void> {
  await repo.insertMessage(db, {
    connectionId: m.connectionId,
    sessionId: m.sessionId ?? null,
    direction: m.direction,
    kind: m.kind,
    status: m.status,
    body: maskSecrets(m.body),
    createdAt: now(),
  });
}

export async function listMessages(db: Db, connectionId: number) {
  if (!(await repo.findConnection(db, connectionId))) throw notFound(CONNECTION_NOT_FOUND);
  return (await repo.listMessages(db, connectionId, 200)).map((m) => ({
    id: m.id,
    sessionId: m.sessionId,
    direction: m.direction as 'in' | 'out',
    kind: m.kind,
    status: m.status,
    body: m.body,
    createdAt: Number(m.createdAt),
  }));
}

export type Authenticated =
  | { ok: true; connection: repo.ConnectionRow }
  | { ok: false; status: 401 | 403; msg: string; connectionId: number | null };

/**
 * Finds the enabled connection of these credentials; a wrong secret and an unknown sender look
 * the same to the caller (401), and both cost one scrypt run.
 */
export async function authenticate(
  db: Db,
  protocol: Protocol,
  fromDomain: string,
  fromIdentity: string,
  secret: string,
): Promise<Authenticated> {
  const connection = await repo.findConnectionBy(db, protocol, fromDomain, fromIdentity);
  const { ok } = await checkPassword(secret, connection?.secretHash ?? UNKNOWN_SENDER_HASH);
  if (!connection || !ok)
    return { ok: false, status: 401, msg: BAD_CREDENTIALS, connectionId: null };
  if (connection.enabled !== 1) {
    return { ok: false, status: 403, msg: CONNECTION_DISABLED, connectionId: connection.id };
  }
  return { ok: true, connection };
}

/** A valid scrypt hash of no secret anyone sends, so an unknown sender pays one scrypt run too. */
const UNKNOWN_SENDER_HASH =
  'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/**
 * Sets the connection account's cart to what the session starts with: empty for `create`, the
 * lines the buyer's system sent back for `edit` (docs/punchout.md, "Edit"). Parts the shop no
 * longer sells are left out; the buyer sees the cart as it can be ordered today.
 */
async function prepareCart(
  trx: Db,
  connectionId: number,
  memberId: number,
  items: readonly Pick<OrderRequestLine, 'supplierPartId' | 'quantity'>[],
  at: number,
): Promise<void> {
  const current = await listLines(trx, memberId);
  await deletePackLines(
    trx,
    memberId,
    current.map((l) => l.materialId),
  );
  const parts = await resolveParts(
    trx,
    connectionId,
    items.map((i) => i.supplierPartId),
  );
  for (const item of items) {
    const part = parts.get(item.supplierPartId);
    if (!part) continue;
    const quantity = Math.min(item.quantity, LIMITS.quantityMax);
    await addToLine(
      trx,
      { userId: memberId, materialId: part.materialId, quantity, at },
      LIMITS.quantityMax,
    );
  }
}

/**
 * Opens a session waiting for its start link and sets the cart it starts with; answers the
 * link's token (kept only hashed).
 */
export async function openPunchout(
  db: Db,
  connection: repo.ConnectionRow,
  setup: Pick<SetupRequest, 'operation' | 'buyerCookie' | 'formPostUrl' | 'contactEmail' | 'items'>,
): Promise<{ token: string; sessionId: number }> {
  if (!returnUrlAllowed(setup.formPostUrl, hostsOf(connection.allowedReturnHosts))) {
    throw badRequest(RETURN_HOST_REFUSED);
  }
  const token = randomBytes(32).toString('base64url');
  const at = now();
  return db.transaction().execute(async (trx) => {
    await prepareCart(trx, connection.id, connection.memberId, setup.items, at);
    const sessionId = await repo.insertSession(trx, {
      connectionId: connection.id,
      tokenHash: hashToken(token),
      expiresAt: at + START_LINK_MS,
      operation: setup.operation,
      buyerCookie: setup.buyerCookie,
      returnUrl: setup.formPostUrl,
      contactEmail: setup.contactEmail,
      createdAt: at,
    });
    return { token, sessionId };
  });
}

/** The storefront page a start link opens (the storefront exchanges the token, task 44b). */
export const startPath = (token: string) => `/punchout/start?token=${encodeURIComponent(token)}`;

/**
 * Follows a start link: once, within 5 minutes, while the connection is enabled. Answers a
 * member login (as POST /client/v1/user/login does) for the connection's account.
 */
export async function startPunchout(db: Db, token: string) {
  return db.transaction().execute(async (trx) => {
    const session = await repo.startSession(trx, hashToken(token), now());
    const connection = session && (await repo.findConnection(trx, session.connectionId));
    if (!session || !connection || connection.enabled !== 1) throw badRequest(START_LINK_INVALID);
    const issued = await openSession(trx, connection.memberId);
    await repo.linkMemberSession(trx, session.id, issued.sessionId);
    return {
      token: issued.token,
      exp: issued.exp,
      operation: session.operation,
      orgId: connection.orgId,
    };
  });
}

/** What the storefront shows in a punchout session (GET /client/v1/punchout/session). */
export async function punchoutSessionOf(db: Db, memberSessionId: number) {
  const s = await repo.sessionOfMemberSession(db, memberSessionId);
  if (!s) return null;
  return {
    protocol: s.protocol as Protocol,
    buyerSystem: s.fromIdentity,
    orgName: s.orgName,
    operation: s.operation as 'create' | 'edit',
    returnUrl: s.returnUrl,
    enabled: s.enabled === 1,
  };
}

/** SupplierPartID of a pack: its 货号 and pack, as the catalogue shows them (docs/punchout.md). */
export const supplierPartId = (number: string, pack: string) => `${number}/${pack}`;

/**
 * Builds the returned cart from the member's cart at the server's prices (the session's
 * organization's contract price where it is below the member price, docs/contract-prices-credit.md)
 * and keeps it with the session: the form the browser auto-posts to the buyer's system.
 */
export async function returnCart(db: Db, memberSessionId: number, userId: number) {
  const s = await repo.sessionOfMemberSession(db, memberSessionId);
  if (!s || s.memberId !== userId) throw badRequest(NOT_PUNCHOUT);
  if (s.enabled !== 1) throw badRequest(CONNECTION_DISABLED);
  if (!returnUrlAllowed(s.returnUrl, hostsOf(s.allowedReturnHosts))) {
    throw badRequest(RETURN_HOST_REFUSED);
  }
  const cart = await listLines(db, userId);
  if (cart.length === 0) throw badRequest(CART_EMPTY);
  const at = now();
  // A line the shop could not take an order for would come back as a refused OrderRequest.
  const availability = await lineAvailability(db, cart, at);
  const short = cart.filter((c) => availability.get(c.materialId)?.outOfStock);
  if (short.length > 0) throw badRequest(outOfStockMessage(short));
  const tiers = await contractPricesFor(
    db,
    s.orgId,
    cart.map((c) => c.materialId),
    at,
  );
  const lines: KeptLine[] = cart.map((c) => {
    if (c.userPrice === null) throw badRequest(CART_HAS_INQUIRY);
    const { price, source } = resolvePrice({
      memberPrice: c.userPrice,
      quantity: c.quantity,
      now: at,
      tiers: tiers.get(c.materialId) ?? [],
    });
    return {
      materialId: c.materialId,
      supplierPartId: supplierPartId(c.number, c.pack),
      quantity: c.quantity,
      unitPrice: price,
      priceSource: source,
      description: `${c.name} ${c.pack}`,
      unspsc: UNSPSC_CHEMICALS,
      manufacturer: c.brandName ?? '',
      leadTimeDays: LEAD_TIME_DAYS,
    };
  });
  const fields: [string, string][] =
    s.protocol === 'cxml'
      ? [
          [
            'cxml-urlencoded',
            orderMessage(
              {
                buyerCookie: s.buyerCookie,
                to: { domain: s.fromDomain, identity: s.fromIdentity },
                lines,
                editable: true,
              },
              at,
            ),
          ],
        ]
      : ociFields(lines);
  await db.transaction().execute(async (trx) => {
    await repo.recordReturnedCart(trx, s.id, JSON.stringify(lines), at);
    await keepMessage(trx, {
      connectionId: s.connectionId,
      sessionId: s.id,
      direction: 'out',
      kind: s.protocol === 'cxml' ? 'PunchOutOrderMessage' : 'OCI NEW_ITEM',
      status: 200,
      body: s.protocol === 'cxml' ? (fields[0]?.[1] ?? '') : new URLSearchParams(fields).toString(),
    });
  });
  return {
    action: s.returnUrl,
    method: 'POST' as const,
    fields: fields.map(([name, value]) => ({ name, value })),
  };
}
