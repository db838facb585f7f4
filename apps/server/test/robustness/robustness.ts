import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { sql } from 'kysely';
import type { z } from 'zod';
import { ResultCode } from '@labshop/shared';
import { buildApp, type App } from '../../src/app.ts';
import type { Database } from '../../src/db/schema.ts';
import { rebuildSearchIndex } from '../../src/domains/search/index.ts';
import { issueToken } from '../../src/domains/session/index.ts';
import { body, createTestContext, type TestContext } from '../helpers.ts';
import {
  captureCodes,
  createMember,
  encryptPassword,
  uniqueIp,
  type Member,
} from '../fixtures/account.ts';
import {
  insertBrand,
  insertCategory,
  insertCoa,
  insertContent,
  insertLink,
  insertProduct,
  insertRelation,
  insertSearchKey,
  insertStore,
} from '../fixtures/catalogue.ts';
import { insertCartLine, insertDelivery, insertPack, orderBody } from '../fixtures/orders.ts';
import { manageBases } from '../fixtures/manage.ts';
import { isStaffGuard } from '../../src/domains/staff/index.ts';

/**
 * Walks every registered route and throws bad input at it, as a visitor and as a member:
 * missing, malformed, wrong-typed, oversized and hostile bodies, path parameters and query
 * strings. Every answer must be the JSON envelope below 500 with a Chinese message for errors,
 * rejected input must change nothing in the database, visitors never see member prices, and
 * one member can never reach another's resources by id.
 */

type Role = 'visitor' | 'member';
type Guard = 'member' | 'staff' | 'optional' | 'none';

interface Route {
  method: string;
  url: string;
  guard: Guard;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
}

/** A valid request for a route; probes spoil one part of it at a time. */
interface Base {
  params?: () => Record<string, string>;
  query?: Record<string, string>;
  body?: () => unknown;
  /** Build the body again before every request that may succeed (it consumes what it names). */
  renewBody?: boolean;
  /** The route ends the session it is called with: every member request gets its own token. */
  freshToken?: boolean;
  /** Statuses the valid request answers per role when not 200 (a wrong password by design...). */
  status?: Partial<Record<Role, number[]>>;
  /** The route takes a multipart/form-data upload, so a multipart body is no wrong type. */
  multipart?: boolean;
}

interface Probe {
  label: string;
  method: string;
  url: string;
  payload?: string;
  contentType?: string;
  /** Authorization header to send instead of the role's own. */
  authorization?: string;
  /** Rebuilds the payload from a fresh base (routes with renewBody). */
  rebuild?: () => Promise<string>;
  /** The request must be refused (4xx) and change nothing. */
  mustReject: boolean;
  /** The statuses the answer must have, when the outcome is known. */
  expectStatus?: number[];
}

const HAN = /\p{Script=Han}/u;
/** Refused in every request text (PostgreSQL cannot store it). */
const NUL = '\u0000';
const LEAK =
  /\n\s+at\s|\bat\s+\S+\s+\(|Error\b|SQLITE|sqlite|postgres|syntax|relation "|\bcolumn\b|\bselect\s|\binsert\s|\bupdate\s|undefined|NaN|\[object|Cannot read|\.ts:\d|node_modules/i;
/** Tables a rejected request may still write: attempt counters for rate limits. */
const WRITABLE_ON_REJECT = new Set(['rate_events']);
/** Tables compared row by row (the rest by row count): the ones requests update in place. */
const COMPARE_ROWS: (keyof Database)[] = [
  'users',
  'invoices',
  'addresses',
  'cartItems',
  'orders',
  'customized',
  'sessions',
  'verificationCodes',
  'browseHistory',
  'materialStocks',
];

/**
 * Member downloads (docs/procurement.md, an organization's statement in
 * docs/contract-prices-credit.md): their 200 answer is the file, not the envelope.
 */
const FILE_ANSWER =
  /^\/client\/v1\/(cart\/quick\/template|quotes\/[^/?]+\/pdf|user\/orders\/[^/?]+\/(documents\/[\w-]+|fapiao)|orgs\/[^/?]+\/statements\/(pdf|xlsx))(\?|$)/;
const FILE_TYPE =
  /^application\/(pdf|zip|ofd|vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet)$/;
export const isFileAnswer = (url: string, status: number, type: unknown) =>
  status === 200 && FILE_ANSWER.test(url) && FILE_TYPE.test(String(type));

const HUGE = 'a'.repeat(100_000);
const OVER_LIMIT = JSON.stringify({ x: 'a'.repeat(300 * 1024) });
export const INJECTION = [
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  'a\u0000b',
  '\u202Egnp.exe\u202C',
  'a\u200B\u200Cb\uFEFF',
  '😀🧪',
  '１３９１２３４５６７８',
  '${7*7}{{7*7}}',
  '\uD800',
];
export const WRONG_TYPES: unknown[] = [
  12345,
  -1,
  0,
  1.5,
  1e300,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER,
  'abc',
  '',
  '   ',
  {},
  [],
  null,
  true,
  false,
  ['a'],
  { a: 1 },
  Array.from({ length: 2000 }, (_, i) => i + 1),
];
export const BAD_IDS = [
  '0',
  '-1',
  '1.5',
  'abc',
  '99999999999999999999',
  '2147483648',
  '9007199254740991',
  '%2e%2e%2f',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '%ZZ',
  '1e3',
  '%201',
  '0x10',
  '%EF%BC%91',
  '1%27%20OR%201%3D1',
  '9'.repeat(150),
  'a'.repeat(300),
  'null',
  'NaN',
  'Infinity',
  '-0',
  '%3Cscript%3E',
];
export const BAD_QUERY_VALUES: (string | string[])[] = [
  ['1', '2'],
  '-1',
  '0',
  '1.5',
  'abc',
  '',
  '99999999999999999999',
  '2147483648',
  '9007199254740991',
  '1e400',
  '9'.repeat(5000),
  '\u0000',
  ...INJECTION,
];
/** Bodies that no JSON route may take: Fastify's parser or our limits refuse them. */
export const UNPARSABLE: { label: string; payload: string; contentType: string; status: number }[] =
  [
    { label: 'empty JSON', payload: '', contentType: 'application/json', status: 400 },
    { label: 'malformed JSON', payload: '{"a":', contentType: 'application/json', status: 400 },
    { label: 'JSON5 keys', payload: '{a:1}', contentType: 'application/json', status: 400 },
    { label: 'trailing comma', payload: '{"a":1,}', contentType: 'application/json', status: 400 },
    { label: 'NUL byte', payload: '\u0000', contentType: 'application/json', status: 400 },
    {
      label: 'prototype pollution',
      payload: '{"__proto__":{"polluted":1}}',
      contentType: 'application/json',
      status: 400,
    },
    {
      label: 'constructor pollution',
      payload: '{"constructor":{"prototype":{"polluted":1}}}',
      contentType: 'application/json',
      status: 400,
    },
    { label: 'over 256 KB', payload: OVER_LIMIT, contentType: 'application/json', status: 413 },
    {
      label: 'form encoded',
      payload: 'a=1&b=2',
      contentType: 'application/x-www-form-urlencoded',
      status: 415,
    },
    {
      label: 'multipart',
      payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
      contentType: 'multipart/form-data; boundary=x',
      status: 415,
    },
  ];
/** JSON texts every route parses; whether they are accepted is the route schema's call. */
const ODD_JSON = [
  '{}',
  '[]',
  '"text"',
  '42',
  'null',
  'true',
  '{"page":1e400,"size":-1e400,"id":1e400}',
  `{"ids":${'['.repeat(5000)}${']'.repeat(5000)}}`,
  `{"ids":[${'1,'.repeat(120_000)}1]}`,
];
const BAD_AUTH = [
  'Bearer ',
  `Bearer ${'x'.repeat(300)}`,
  "x' OR '1'='1",
  'Basic dXNlcjpwYXNz',
  'null',
];

const parses = (schema: z.ZodType | undefined, value: unknown) =>
  !schema || schema.safeParse(value).success;

function jsonOracle(schema: z.ZodType | undefined, text: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  return parses(schema, value);
}

type PathKey = string | number;

/** Every node of a JSON value by path, the root excluded. */
function nodePaths(value: unknown, prefix: PathKey[] = []): PathKey[][] {
  const children: [PathKey, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v] as [PathKey, unknown])
    : value !== null && typeof value === 'object'
      ? Object.entries(value)
      : [];
  return children.flatMap(([k, v]) => [[...prefix, k], ...nodePaths(v, [...prefix, k])]);
}

function replaceAt(value: unknown, at: PathKey[], replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<PathKey, unknown>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<PathKey, unknown>;
  const last = at.at(-1);
  if (last === undefined) return replacement;
  if (replacement === undefined) delete node[last];
  else node[last] = replacement;
  return copy;
}

function valueAt(value: unknown, at: PathKey[]): unknown {
  let node = value;
  for (const key of at) node = (node as Record<PathKey, unknown>)[key];
  return node;
}

function decodes(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

function queryString(query: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    for (const one of Array.isArray(v) ? v : [v]) params.append(k, one);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function fillParams(url: string, params: Record<string, string>): string {
  return url.replace(/:(\w+)|\*/g, (_, name: string | undefined) => params[name ?? '*'] ?? '');
}

/** Finds every non-null userPrice in an answer. */
function userPricesIn(value: unknown, at = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => userPricesIn(v, `${at}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) =>
    k === 'userPrice' && v !== null ? [`${at}.${k}`] : userPricesIn(v, `${at}.${k}`),
  );
}

/** Which share of the sweeps a test file runs (1-based); the other tests run in part 1. */
export interface Part {
  index: number;
  of: number;
}

/**
 * The suite for one part. The sweeps (every route, as a visitor and as a member) take minutes on
 * PostgreSQL; the parts' files (robustness/part-*.test.ts) let both test workers share them.
 * Each part has its own database and app.
 */
export async function robustness(part: Part): Promise<void> {
  const first = part.index === 1;
  // The route list comes from the app itself, so a route added later is walked without edits here.
  const ctx: TestContext = await createTestContext();
  const seen: RouteOptions[] = [];
  const app: App = await buildApp({
    config: ctx.config,
    db: ctx.db,
    onRoute: (route) => seen.push(route),
  });
  await app.ready();

  /**
   * Gateway notification endpoints speak the providers' protocols (their answers, raw bodies, a
   * record of every call); domains/payments/payments.test.ts covers their refusals.
   */
  const GATEWAY_PROTOCOL = new Set([
    'POST /client/v1/payments/wechat/notify',
    'POST /client/v1/payments/alipay/notify',
    // PunchOut's doors answer in the buyer system's protocol (cXML, a redirect, an HTML form;
    // docs/punchout.md); domains/punchout/*.test.ts sends them hostile and malformed input.
    'POST /punchout/cxml',
    'GET /punchout/oci',
    'POST /punchout/oci',
    'POST /punchout/return',
  ]);

  // The API reference pages under /docs are documentation, not API routes.
  const apiRoutes = seen.filter((r) => r.url !== '/docs' && !r.url.startsWith('/docs/'));
  const routes: Route[] = apiRoutes.flatMap((r) => {
    const methods = (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD');
    const schema = (r.schema ?? {}) as {
      body?: z.ZodType;
      querystring?: z.ZodType;
      params?: z.ZodType;
    };
    // The auth guards run as onRequest hooks (domains/session/auth.plugin.ts); look through
    // both lists, as optionalMember stays a preHandler.
    const preHandlers: unknown[] = [r.onRequest, r.preHandler].flat();
    const guard: Guard = [app.requireMember, app.renewableMember].some((g) =>
      preHandlers.includes(g),
    )
      ? 'member'
      : preHandlers.some((h) => isStaffGuard(h))
        ? 'staff'
        : preHandlers.includes(app.optionalMember)
          ? 'optional'
          : 'none';
    return methods
      .filter((method) => !GATEWAY_PROTOCOL.has(`${method} ${r.url}`))
      .map((method) => ({
        method,
        url: r.url,
        guard,
        body: schema.body,
        query: schema.querystring,
        params: schema.params,
      }));
  });
  const keyOf = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

  describe(`robustness, part ${part.index} of ${part.of}`, () => {
    const codes = captureCodes();
    let member: Member;
    let productId: number;
    let materialId: number;
    let categoryId: number;
    let articleId: number;
    /** A member the organization's member routes add, change and remove. */
    let colleague: Member;
    let own: {
      orgId: number;
      addressId: number;
      spareAddressId: number;
      orderId: number;
      customizedId: number;
      cartLineId: number;
      partLineId: number;
      messageId: number;
      quoteId: number;
    };
    let tableNames: string[];

    const tokenFor = async (m: Member) => (await issueToken(ctx.db, m.userId)).token;
    const enc = (plain: string) => encryptPassword(app, plain);
    const priceListBody = () => ({
      name: '合同价',
      orgIds: [own.orgId],
      validFrom: Date.now(),
      validUntil: Date.now() + 86_400_000,
      lines: [{ materialId, price: 9.5, minQuantity: 1 }],
    });

    const region = JSON.stringify({
      province: { key: '110000', value: '北京市' },
      city: { key: '110100', value: '市辖区' },
      area: { key: '110101', value: '东城区' },
    });
    const addressBody = {
      name: '张三',
      phone: '13912345678',
      region,
      address: '某路 1 号',
      isDefault: false,
    };

    /** Well-formed requests the service refuses (wrong password or code): 400 for both roles. */
    const refused = { visitor: [400], member: [400] };

    /** Valid requests per route; a route with a body or path parameter must have one here. */
    let budgetCount = 0;
    const bases: Record<string, Base> = {
      'GET /files/*': {
        params: () => ({ '*': 'none.png' }),
        status: { visitor: [404], member: [404] },
      },
      'GET /client/v1/categories/children': { query: { pid: '0' } },
      'GET /client/v1/categories/:id': { params: () => ({ id: String(categoryId) }) },
      'GET /client/v1/categories/:id/basic': { params: () => ({ id: String(categoryId) }) },
      'POST /client/v1/products/part': { body: () => ({ tag: 'hot', page: 1, size: 20 }) },
      'GET /client/v1/products/history': { query: { size: '8' } },
      'GET /client/v1/products/:id': { params: () => ({ id: String(productId) }) },
      'GET /client/v1/products/:id/sds': { params: () => ({ id: String(productId) }) },
      // The product has no sheet of that version: the valid request is answered 404.
      'GET /client/v1/products/:id/sds/:language/:version': {
        params: () => ({ id: String(productId), language: 'zh', version: '1.0' }),
        status: { visitor: [404], member: [404] },
      },
      'POST /client/v1/products': {
        body: () => ({ key: '苯甲酸', page: 1, size: 20, brandId: null }),
      },
      'POST /client/v1/products/brands': { body: () => ({ key: '苯甲酸' }) },
      'POST /client/v1/products/structure': {
        body: () => ({ smiles: 'OC(=O)c1ccccc1', mode: 'substructure', page: 1, size: 20 }),
      },
      'POST /client/v1/products/relations': { body: () => ({ key: '苯甲酸' }) },
      'GET /client/v1/links': { query: { cid: 'yifanglabbanner', size: '5' } },
      'POST /client/v1/contents': {
        body: () => ({ page: 1, size: 10, cid: null, model: 'article', key: '' }),
      },
      'GET /client/v1/contents/:id': { params: () => ({ id: String(articleId) }) },
      'POST /client/v1/feedbacks': {
        body: () => ({
          contact: '张三',
          phone: '13912345678',
          email: 'a@example.com',
          address: '',
          content: '请问有货吗',
        }),
      },
      'POST /client/v1/bulk-inquiry': {
        body: () => ({
          contact: '张三',
          phone: '13912345678',
          email: 'a@example.com',
          company: '某研究所',
          content: '批量询价',
        }),
      },
      'POST /yifanglab-client/v1/survey': {
        body: () => ({
          name: '张三',
          phone: '13912345678',
          email: 'a@example.com',
          company: '某研究所',
          dept: '质检部',
          extra: '',
        }),
      },
      'POST /yifanglab-client/v1/coa': { body: () => ({ productNumber: 'P-1', lotNumber: 'L-1' }) },
      'POST /client/v1/user/verification-code': {
        // One code a minute per phone: the visitor's valid request sends it, the member's waits.
        status: { visitor: [200], member: [429] },
        body: () => ({ id: '13912340000', scene: 2 }),
      },
      'POST /client/v1/user/account-access': {
        // Five wrong passwords lock the account for a while: the member's turn may meet the lock.
        status: { visitor: [400], member: [400, 429] },
        body: async () => ({ account: member.account, password: await enc('Wrong#000000') }),
      },
      'POST /client/v1/user/verification-access': {
        status: refused,
        body: () => ({ phone: '13912340001', code: '123456' }),
      },
      'POST /client/v1/user/register': {
        status: refused,
        body: async () => ({
          account: '13912340002',
          code: '123456',
          password: await enc('Good#123456'),
          confirmPassword: await enc('Good#123456'),
        }),
      },
      'POST /client/v1/user/password': {
        status: refused,
        body: async () => ({
          account: member.account,
          code: '123456',
          password: await enc('Good#123456'),
          confirmPassword: await enc('Good#123456'),
        }),
      },
      'DELETE /client/v1/user/access': { freshToken: true },
      'PUT /manage/v1/access': { freshToken: true, status: { visitor: [401] } },
      // Staff routes of organizations and PunchOut: every request here is refused (no staff token).
      'GET /manage/v1/orgs/:id': { params: () => ({ id: String(own.orgId) }) },
      'POST /manage/v1/orgs/:id/verify': {
        params: () => ({ id: String(own.orgId) }),
        body: () => ({ verified: true, reason: '已核对营业执照' }),
      },
      // Credit, statements and settlements (docs/contract-prices-credit.md).
      'GET /manage/v1/orgs/:id/credit': { params: () => ({ id: String(own.orgId) }) },
      'PUT /manage/v1/orgs/:id/credit': {
        params: () => ({ id: String(own.orgId) }),
        body: () => ({ limit: 50_000, termDays: 30 }),
      },
      'GET /manage/v1/orgs/:id/statements': {
        params: () => ({ id: String(own.orgId) }),
        query: { month: '2026-06' },
      },
      'GET /manage/v1/orgs/:id/statements/pdf': {
        params: () => ({ id: String(own.orgId) }),
        query: { month: '2026-06' },
      },
      'GET /manage/v1/orgs/:id/statements/xlsx': {
        params: () => ({ id: String(own.orgId) }),
        query: { month: '2026-06' },
      },
      'POST /manage/v1/orgs/:id/settlements': {
        params: () => ({ id: String(own.orgId) }),
        body: () => ({ amount: 100, reference: 'HX20260601', orderIds: [own.orderId] }),
      },
      'POST /manage/v1/punchout/connections': {
        body: () => ({
          orgId: own.orgId,
          protocol: 'cxml',
          fromDomain: 'NetworkID',
          fromIdentity: 'AN0100000001',
          sharedSecret: 'a-long-shared-secret-1',
          allowedReturnHosts: ['buyer.example.com'],
        }),
      },
      'POST /manage/v1/punchout/connections/:id/disable': { params: () => ({ id: '1' }) },
      'POST /manage/v1/punchout/connections/:id/enable': { params: () => ({ id: '1' }) },
      // Contract price lists (docs/contract-prices-credit.md): staff only, so refused here too.
      'POST /manage/v1/price-lists': { body: () => priceListBody() },
      'GET /manage/v1/price-lists/:id': { params: () => ({ id: '1' }) },
      'PUT /manage/v1/price-lists/:id': {
        params: () => ({ id: '1' }),
        body: () => priceListBody(),
      },
      ...manageBases,
      'PUT /client/v1/user/info/basic': {
        body: () => ({ company: '某研究所', name: '李四', telephone: '010-12345678' }),
      },
      'POST /client/v1/user/info/contact/code': {
        // One code a minute per address and scene: a repeated valid request waits.
        status: { visitor: [401], member: [200, 429] },
        body: () => ({ contact: '13912340004' }),
      },
      'PUT /client/v1/user/info/contact': {
        status: { visitor: [401], member: [400] },
        body: () => ({ contact: '13912340005', code: '123456' }),
      },
      'PUT /client/v1/user/invoice': {
        body: () => ({
          invoiceType: 1,
          invoiceHeader: '某研究所',
          invoiceEmail: 'fp@example.com',
          taxpayerNumber: '91110000123456789Q',
          registerAddress: '',
          registerTelephone: '',
          bankName: '',
          bankAccount: '',
        }),
      },
      'PUT /client/v1/user/info/password': {
        status: { member: [400] },
        body: async () => ({
          oldPassword: await enc('Wrong#000000'),
          password: await enc('Good#123456'),
          confirmPassword: await enc('Good#123456'),
        }),
      },
      'POST /client/v1/user/address': { body: () => addressBody },
      'PUT /client/v1/user/address/:id': {
        params: () => ({ id: String(own.addressId) }),
        body: () => addressBody,
      },
      'DELETE /client/v1/user/address/:id': { params: () => ({ id: String(own.spareAddressId) }) },
      'PATCH /client/v1/user/address/:id/default': {
        params: () => ({ id: String(own.addressId) }),
      },
      'PUT /client/v1/cart': { body: () => ({ materialId, quantity: 1, type: 1 }) },
      'DELETE /client/v1/cart': { body: () => ({ ids: [own.cartLineId] }) },
      'POST /client/v1/cart/part': { body: () => ({ ids: [own.partLineId] }) },
      'POST /client/v1/orders': {
        renewBody: true,
        body: async () =>
          orderBody([await insertCartLine(ctx.db, member.userId, await insertPack(ctx.db, 8_000))]),
      },
      'GET /client/v1/user/orders': { query: { page: '1', size: '20', status: '1' } },
      'GET /client/v1/user/orders/:id': { params: () => ({ id: String(own.orderId) }) },
      'PUT /client/v1/user/messages/:id/read': { params: () => ({ id: String(own.messageId) }) },
      'PUT /client/v1/user/notification-settings': {
        body: () => ({ email: [{ event: 'order-shipped', enabled: false }] }),
      },
      'DELETE /client/v1/user/orders/:id': { params: () => ({ id: String(own.orderId) }) },
      'GET /client/v1/user/orders/:id/deliveries': { params: () => ({ id: String(own.orderId) }) },
      'POST /client/v1/user/orders/:id/payment': {
        params: () => ({ id: String(own.orderId) }),
        body: () => ({ payType: 1 }),
        // The order may have been cancelled by the cancel route's probes before.
        status: { member: [200, 400] },
      },
      'GET /client/v1/user/orders/:id/payment': { params: () => ({ id: String(own.orderId) }) },
      'POST /client/v1/user/orders/:id/payment/query': {
        params: () => ({ id: String(own.orderId) }),
      },
      'GET /client/v1/user/finance': { query: { page: '1', size: '20', type: '1' } },
      'POST /client/v1/orders/preview': {
        body: async () =>
          orderBody([await insertCartLine(ctx.db, member.userId, await insertPack(ctx.db, 8_000))]),
      },
      // Organizations (docs/organizations.md): the member is the admin of own.orgId.
      'POST /client/v1/orgs': { body: () => ({ name: '某研究所质检实验室' }) },
      'GET /client/v1/orgs/:id': { params: () => ({ id: String(own.orgId) }) },
      'POST /client/v1/orgs/:id/members': {
        params: () => ({ id: String(own.orgId) }),
        body: () => ({ account: colleague.account, role: 'buyer' }),
        // Once added, adding again is refused; the remove route's probes may take them out.
        status: { member: [200, 400] },
      },
      'PUT /client/v1/orgs/:id/members/:userId': {
        params: () => ({ id: String(own.orgId), userId: String(colleague.userId) }),
        body: () => ({ role: 'approver' }),
        status: { member: [200, 400, 404] },
      },
      'DELETE /client/v1/orgs/:id/members/:userId': {
        params: () => ({ id: String(own.orgId), userId: String(colleague.userId) }),
        status: { member: [200, 400, 404] },
      },
      'PUT /client/v1/orgs/:id/rules': {
        params: () => ({ id: String(own.orgId) }),
        body: () => ({ approvalOver: 100_000, regulatedNeedsSafety: true }),
      },
      'POST /client/v1/orgs/:id/budgets': {
        params: () => ({ id: String(own.orgId) }),
        renewBody: true,
        body: () => ({
          code: `KY-${++budgetCount}`,
          name: '国自然面上项目',
          amount: 1000,
          validFrom: Date.now() - 86_400_000,
          validUntil: Date.now() + 86_400_000,
        }),
      },
      'GET /client/v1/orgs/:id/budgets': { params: () => ({ id: String(own.orgId) }) },
      'GET /client/v1/orgs/:id/approvals': { params: () => ({ id: String(own.orgId) }) },
      'POST /client/v1/orgs/:id/approvals/:orderId': {
        params: () => ({ id: String(own.orgId), orderId: String(own.orderId) }),
        body: () => ({ approve: true, remark: '同意' }),
        // The member's own order is not the organization's: nothing waits for a decision.
        status: { member: [400, 404] },
      },
      'GET /client/v1/orgs/:id/orders': {
        params: () => ({ id: String(own.orgId) }),
        query: { page: '1', size: '20', status: '1' },
      },
      'GET /client/v1/orgs/:id/addresses': { params: () => ({ id: String(own.orgId) }) },
      'POST /client/v1/orgs/:id/addresses': {
        params: () => ({ id: String(own.orgId) }),
        body: () => ({ name: '张三', phone: '13912345678', region, address: '某路 1 号' }),
      },
      'GET /client/v1/orgs/:id/invoice': { params: () => ({ id: String(own.orgId) }) },
      'PUT /client/v1/orgs/:id/invoice': {
        params: () => ({ id: String(own.orgId) }),
        body: () => ({ invoiceType: 3 }),
        status: { member: [200, 400] },
      },
      // The organization's credit and statements (docs/contract-prices-credit.md).
      'GET /client/v1/orgs/:id/credit': { params: () => ({ id: String(own.orgId) }) },
      'GET /client/v1/orgs/:id/statements': {
        params: () => ({ id: String(own.orgId) }),
        query: { month: '2026-06' },
      },
      'GET /client/v1/orgs/:id/statements/pdf': {
        params: () => ({ id: String(own.orgId) }),
        query: { month: '2026-06' },
      },
      'GET /client/v1/orgs/:id/statements/xlsx': {
        params: () => ({ id: String(own.orgId) }),
        query: { month: '2026-06' },
      },
      // PunchOut in the storefront (docs/punchout.md): outside a PunchOut session both refuse.
      'POST /client/v1/punchout/start': {
        body: () => ({ token: 'a'.repeat(43) }),
        status: { visitor: [400, 404], member: [400, 404] },
      },
      'POST /client/v1/punchout/return': { status: { member: [400, 403, 404] } },
      // Lab procurement (docs/procurement.md).
      'POST /client/v1/cart/quick': { body: () => ({ text: 'P-1\t5g\t1' }) },
      'POST /client/v1/cart/quick/preview': { body: () => ({ text: 'P-1\t5g\t1' }) },
      'POST /client/v1/cart/quick/sheet': { multipart: true, status: { member: [400] } },
      'POST /client/v1/user/orders/:id/reorder': { params: () => ({ id: String(own.orderId) }) },
      'POST /client/v1/quotes': {
        renewBody: true,
        body: async () => ({
          cartIds: [await insertCartLine(ctx.db, member.userId, await insertPack(ctx.db, 8_000))],
          remark: '',
        }),
      },
      'GET /client/v1/quotes/:id': { params: () => ({ id: String(own.quoteId) }) },
      'GET /client/v1/quotes/:id/pdf': { params: () => ({ id: String(own.quoteId) }) },
      // Not priced yet: refused with its reason.
      'POST /client/v1/quotes/:id/order': {
        params: () => ({ id: String(own.quoteId) }),
        body: () => {
          const { cartIds, ...fields } = orderBody([1]);
          void cartIds;
          return fields;
        },
        status: { member: [400] },
      },
      'GET /client/v1/user/orders/:id/documents/confirmation': {
        params: () => ({ id: String(own.orderId) }),
      },
      'GET /client/v1/user/orders/:id/documents/delivery-note': {
        params: () => ({ id: String(own.orderId) }),
        query: { deliveryId: '1' },
        status: { member: [404] },
      },
      'GET /client/v1/user/orders/:id/documents/reimbursement': {
        params: () => ({ id: String(own.orderId) }),
      },
      'GET /client/v1/user/orders/:id/fapiao': {
        params: () => ({ id: String(own.orderId) }),
        status: { member: [404] },
      },
      'GET /client/v1/user/orders/:id/fapiao/status': {
        params: () => ({ id: String(own.orderId) }),
      },
      'POST /client/v1/user/orders/:id/fapiao/request': {
        params: () => ({ id: String(own.orderId) }),
        status: { member: [200, 400] },
      },
      // A multipart upload: the sweep's JSON request is refused as not multipart (the route's own
      // tests send documents, domains/compliance/compliance.test.ts).
      'POST /client/v1/user/qualifications': { multipart: true, status: { member: [400] } },
      'POST /client/v1/user/qualifications/check': {
        body: () => ({ lines: [{ materialId, quantity: 1 }] }),
      },
      // The file itself is binary; an id that is not the member's answers 404 in JSON.
      'GET /client/v1/user/qualifications/:id/file': {
        params: () => ({ id: '999999' }),
        status: { member: [404] },
      },
      'POST /client/v1/customized': {
        body: () => ({
          goodsList: [
            { name: '定制品', cas: '50-00-0', pack: '1mL', expectDeliveryTime: 7, quantity: 1 },
          ],
          company: '某研究所',
          contact: '张三',
          phone: '13912345678',
          email: 'zhang@example.com',
          content: '',
          remark: '',
        }),
      },
      'GET /client/v1/customized': { query: { page: '1', size: '20' } },
      // A made-up certificate token opens nothing.
      'GET /yifanglab-client/v1/coa/file': {
        query: { token: 'forged.token' },
        status: { visitor: [404], member: [404] },
      },
      'GET /client/v1/customized/:id': { params: () => ({ id: String(own.customizedId) }) },
      'DELETE /client/v1/customized/:id/cancel': {
        params: () => ({ id: String(own.customizedId) }),
      },
    };

    /** What a request may change: row counts of every table and whole rows of the updatable ones. */
    async function snapshot(): Promise<Record<string, string>> {
      const counted = tableNames.filter((t) => !WRITABLE_ON_REJECT.has(t));
      const counts = await sql<{ t: string; n: number | string }>`${sql.join(
        counted.map((t) => sql`select ${sql.lit(t)} as t, count(*) as n from ${sql.table(t)}`),
        sql` union all `,
      )}`.execute(ctx.db);
      const out: Record<string, string> = {};
      for (const row of counts.rows) out[row.t] = String(row.n);
      for (const table of COMPARE_ROWS) {
        const rows = await ctx.db.selectFrom(table).selectAll().execute();
        out[`${table} rows`] = JSON.stringify(rows.map((r) => JSON.stringify(r)).sort());
      }
      return out;
    }

    const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
      Object.keys(after).filter((k) => before[k] !== after[k]);

    /** Checks one answer against the envelope contract; answers the problems found. */
    function judge(
      probe: Probe,
      role: Role,
      res: { statusCode: number; headers: Record<string, unknown>; body: string },
    ): string[] {
      const where = `${probe.method} ${probe.url.slice(0, 120)} [${role}, ${probe.label}]`;
      const problems: string[] = [];
      if (res.statusCode >= 500)
        problems.push(`${where}: status ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (probe.mustReject && (res.statusCode < 400 || res.statusCode >= 500)) {
        problems.push(`${where}: expected a refusal, got ${res.statusCode}`);
      }
      if (probe.expectStatus && !probe.expectStatus.includes(res.statusCode)) {
        problems.push(`${where}: expected ${probe.expectStatus.join('/')}, got ${res.statusCode}`);
      }
      if (res.headers['x-content-type-options'] !== 'nosniff') {
        problems.push(`${where}: no security headers`);
      }
      if (isFileAnswer(probe.url, res.statusCode, res.headers['content-type'])) return problems;
      if (!String(res.headers['content-type']).includes('application/json')) {
        problems.push(`${where}: content-type ${String(res.headers['content-type'])}`);
        return problems;
      }
      let env: { code: unknown; msg: unknown; data: unknown };
      try {
        env = body(res);
      } catch {
        problems.push(`${where}: answer is not JSON`);
        return problems;
      }
      if (typeof env.code !== 'number' || typeof env.msg !== 'string' || !('data' in env)) {
        problems.push(`${where}: not an envelope ${res.body.slice(0, 200)}`);
        return problems;
      }
      if (res.statusCode === 200 && env.code !== ResultCode.OK) {
        problems.push(`${where}: 200 with code ${env.code}`);
      }
      if (res.statusCode >= 400) {
        const expectedCodes: number[] =
          res.statusCode === 401
            ? [
                ResultCode.TOKEN_MISSING,
                ResultCode.TOKEN_INVALID,
                ResultCode.TOKEN_EXPIRED,
                ResultCode.SESSION_CLEARED,
              ]
            : res.statusCode === 403
              ? [ResultCode.FORBIDDEN]
              : [ResultCode.ERROR];
        if (!expectedCodes.includes(env.code)) problems.push(`${where}: code ${env.code}`);
        if (!HAN.test(env.msg)) problems.push(`${where}: message not in Chinese: ${env.msg}`);
        if (env.msg.length > 200)
          problems.push(`${where}: message of ${env.msg.length} characters`);
        if (LEAK.test(env.msg)) problems.push(`${where}: message shows internals: ${env.msg}`);
        if (env.data !== null) problems.push(`${where}: error with data`);
      }
      if (role === 'visitor') {
        for (const at of userPricesIn(env.data)) problems.push(`${where}: visitor sees ${at}`);
      }
      return problems;
    }

    function inject(probe: Probe, authorization: string | undefined) {
      const headers: Record<string, string> = {};
      if (probe.contentType) headers['content-type'] = probe.contentType;
      const token = probe.authorization ?? authorization;
      if (token !== undefined) headers.authorization = token;
      return app.inject({
        method: probe.method as 'GET',
        url: probe.url,
        headers,
        ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
        remoteAddress: uniqueIp(),
      });
    }

    /** The fields of a query schema, through a transform (a zod pipe keeps the object as `in`). */
    function queryShape(schema: unknown): Record<string, unknown> {
      const s = schema as { shape?: Record<string, unknown>; in?: unknown };
      if (s.shape) return s.shape;
      if (s.in) return queryShape(s.in);
      throw new Error('query schema without fields');
    }

    /** Builds every probe for a route as one role. */
    async function probesFor(route: Route, role: Role): Promise<Probe[]> {
      const base = bases[keyOf(route)] ?? {};
      // Staff routes refuse visitors and members alike (the permission matrix tests staff).
      const visitorOnGuarded =
        (role === 'visitor' && route.guard === 'member') || route.guard === 'staff';
      const params = base.params?.() ?? {};
      const baseQuery: Record<string, string | string[]> = base.query ?? {};
      const baseBody = await base.body?.();
      const url = (p: Record<string, string>, q: Record<string, string | string[]>) =>
        fillParams(route.url, p) + queryString(q);
      const paramsOk = (p: Record<string, string>) => {
        const decoded: Record<string, string | null> = {};
        for (const [k, v] of Object.entries(p)) decoded[k] = decodes(v);
        if (Object.values(decoded).some((v) => v === null || v.includes('/') || v.includes(NUL))) {
          return false;
        }
        return parses(route.params, decoded);
      };
      // Undecodable (400) or longer than the router's maxParamLength of 200 (414, app.ts).
      const routable = (p: Record<string, string>) =>
        Object.values(p).every((v) => decodes(v) !== null && v.length <= 200);
      const accepted = (
        p: Record<string, string>,
        q: Record<string, string | string[]>,
        b: boolean,
      ) =>
        paramsOk(p) &&
        parses(route.query, q) &&
        !Object.values(q)
          .flat()
          .some((v) => v.includes(NUL)) &&
        b;
      const probe = (
        label: string,
        p: Record<string, string>,
        q: Record<string, string | string[]>,
        payload: { text?: string; contentType?: string; ok: boolean },
        extra: Partial<Probe> = {},
      ): Probe => {
        const ok = accepted(p, q, payload.ok);
        return {
          label,
          method: route.method,
          url: url(p, q),
          ...(payload.text !== undefined ? { payload: payload.text } : {}),
          ...(payload.contentType ? { contentType: payload.contentType } : {}),
          mustReject: visitorOnGuarded || !ok,
          ...extra,
          // The guard answers before the body, query and params are looked at: a refused token
          // is all a caller learns, whatever the input (domains/session/auth.plugin.ts). Only a
          // path the router cannot take is refused before any hook runs.
          ...(visitorOnGuarded ? { expectStatus: routable(p) ? [401] : [400, 414] } : {}),
        };
      };
      const json = (value: unknown) => {
        const text = JSON.stringify(value);
        return {
          text,
          contentType: 'application/json',
          ok: parses(route.body, value) && !text.includes('\\u0000'),
        };
      };
      const validPayload =
        baseBody === undefined ? { ok: parses(route.body, undefined) } : json(baseBody);
      const validStatus = base.status?.[role] ?? (visitorOnGuarded ? [401] : [200]);
      const out: Probe[] = [
        probe('valid request', params, baseQuery, validPayload, { expectStatus: validStatus }),
      ];

      if (route.method !== 'GET') {
        out.push(probe('no body', params, baseQuery, { ok: parses(route.body, undefined) }));
        for (const u of UNPARSABLE) {
          if (base.multipart && u.label === 'multipart') continue;
          out.push(
            probe(
              u.label,
              params,
              baseQuery,
              { text: u.payload, contentType: u.contentType, ok: false },
              {
                expectStatus: [u.status],
              },
            ),
          );
        }
        out.push(
          probe('plain text', params, baseQuery, {
            text: 'hello',
            contentType: 'text/plain',
            ok: parses(route.body, 'hello'),
          }),
        );
        for (const text of ODD_JSON) {
          out.push(
            probe(`body ${text.slice(0, 30)}`, params, baseQuery, {
              text,
              contentType: 'application/json',
              ok: jsonOracle(route.body, text),
            }),
          );
        }
        if (baseBody !== undefined && typeof baseBody === 'object' && baseBody !== null) {
          const privileged = {
            ...baseBody,
            userId: 1,
            balance: 99_999_999,
            status: 5,
            payStatus: 2,
            price: 0,
            amount: 0,
            id: 1,
          };
          out.push(
            probe('client-set owner, price and status', params, baseQuery, json(privileged)),
          );
          out.push(
            probe('prototype key beside valid fields', params, baseQuery, {
              text: `${JSON.stringify(baseBody).slice(0, -1)},"__proto__":{"isAdmin":true}}`,
              contentType: 'application/json',
              ok: false,
            }),
          );
          const rebuild = async () => JSON.stringify(await base.body?.());
          for (const at of nodePaths(baseBody)) {
            const name = at.join('.');
            const variants: [string, unknown][] = [
              ['missing', undefined],
              ...WRONG_TYPES.map((v): [string, unknown] => [
                `${JSON.stringify(v).slice(0, 20)}`,
                v,
              ]),
              ['100 KB string', HUGE],
              ...INJECTION.map((v): [string, unknown] => [`"${v}"`, v]),
            ];
            const numberField = typeof valueAt(baseBody, at) === 'number';
            for (const [label, value] of variants) {
              const spoiled = replaceAt(baseBody, at, value);
              // Whatever the schema says: true, arrays and objects are never a number.
              const wrongType =
                numberField &&
                value !== null &&
                value !== undefined &&
                typeof value !== 'number' &&
                typeof value !== 'string';
              out.push(
                probe(`${name} = ${label}`, params, baseQuery, json(spoiled), {
                  ...(wrongType ? { mustReject: true, expectStatus: [400] } : {}),
                  ...(base.renewBody
                    ? {
                        rebuild: async () =>
                          JSON.stringify(replaceAt(JSON.parse(await rebuild()), at, value)),
                      }
                    : {}),
                }),
              );
            }
          }
        }
      }

      for (const name of Object.keys(params)) {
        for (const bad of BAD_IDS) {
          out.push(
            probe(
              `path ${name} = ${bad.slice(0, 20)}`,
              { ...params, [name]: bad },
              baseQuery,
              validPayload,
            ),
          );
        }
      }

      const queryKeys = route.query ? Object.keys(queryShape(route.query)) : ['page', 'size'];
      for (const key of queryKeys) {
        for (const bad of BAD_QUERY_VALUES) {
          const label = `query ${key} = ${JSON.stringify(bad).slice(0, 20)}`;
          out.push(probe(label, params, { ...baseQuery, [key]: bad }, validPayload));
        }
      }
      out.push(
        probe(
          'query pollution',
          params,
          {
            ...baseQuery,
            '__proto__[x]': '1',
            'constructor[prototype][x]': '1',
            hasOwnProperty: '1',
          },
          validPayload,
        ),
      );

      for (const bad of BAD_AUTH) {
        out.push(
          probe(`authorization ${bad.slice(0, 20)}`, params, baseQuery, validPayload, {
            authorization: bad,
            ...(route.guard === 'member' || route.guard === 'staff' ? { mustReject: true } : {}),
          }),
        );
      }
      return out;
    }

    /**
     * Sends the probes of one route as one role. Refusals run a few at a time and must leave the
     * database as it was; requests that may succeed run one by one, so a refusal among them can
     * be told apart from a success.
     */
    async function sweep(route: Route, role: Role): Promise<string[]> {
      const base = bases[keyOf(route)] ?? {};
      const probes = await probesFor(route, role);
      const problems: string[] = [];
      const authFor = async () =>
        role === 'visitor' ? undefined : base.freshToken ? await tokenFor(member) : member.token;
      const send = async (probe: Probe, authorization: string | undefined) => {
        const res = await inject(probe, authorization);
        problems.push(...judge(probe, role, res));
        return res;
      };

      const refusals = probes.filter((p) => p.mustReject);
      for (let i = 0; i < refusals.length; i += 10) {
        const group = refusals.slice(i, i + 10);
        const tokens = await Promise.all(group.map(() => authFor()));
        const before = await snapshot();
        await Promise.all(group.map((p, j) => send(p, tokens[j])));
        const changed = changedTables(before, await snapshot());
        if (changed.length > 0) {
          problems.push(
            `${keyOf(route)} [${role}]: refused requests changed ${changed.join(', ')} (${group.map((p) => p.label).join(' | ')})`,
          );
        }
      }

      for (const probe of probes.filter((p) => !p.mustReject)) {
        if (probe.rebuild && role === 'member') probe.payload = await probe.rebuild();
        const token = await authFor();
        const before = await snapshot();
        const res = await send(probe, token);
        if (res.statusCode >= 400) {
          const changed = changedTables(before, await snapshot());
          if (changed.length > 0) {
            problems.push(
              `${keyOf(route)} [${role}, ${probe.label}]: refused with ${res.statusCode} but changed ${changed.join(', ')}`,
            );
          }
        }
      }
      return problems;
    }

    beforeAll(async () => {
      tableNames = (await ctx.db.introspection.getTables()).map((t) => t.name);
      member = await createMember(ctx);

      categoryId = await insertCategory(ctx.db);
      await insertCategory(ctx.db, { pid: categoryId });
      const brandId = await insertBrand(ctx.db);
      const storeId = await insertStore(ctx.db);
      const product = await insertProduct(ctx.db, {
        name: '苯甲酸',
        categoryId,
        brandId,
        isHot: 1,
        isNew: 1,
        cas: '65-85-0',
        materials: [{ pack: '1g', price: 10_000, userPrice: 8_000, stocks: { [storeId]: 5 } }],
      });
      const related = await insertProduct(ctx.db, {
        name: '苯甲酸钠',
        brandId,
        isHot: 1,
        materials: [{ pack: '5g', price: 20_000, userPrice: 15_000 }],
      });
      productId = product.id;
      materialId = product.materialIds[0] ?? 0;
      await insertRelation(ctx.db, productId, related.id);
      await insertSearchKey(ctx.db, '苯甲酸');
      await insertLink(ctx.db);
      articleId = await insertContent(ctx.db);
      await insertContent(ctx.db, { model: 'page', slug: 'about' });
      await insertCoa(ctx.db, { productNumber: 'P-1', lotNumber: 'L-1' });
      await rebuildSearchIndex(ctx.db);

      const t = Date.now();
      const address = () =>
        ctx.db
          .insertInto('addresses')
          .values({
            userId: member.userId,
            name: '张三',
            phone: '13912345678',
            region,
            address: '某路',
            isDefault: 0,
            createdAt: t,
            updatedAt: t,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const ordered = await insertCartLine(ctx.db, member.userId, await insertPack(ctx.db, 8_000));
      const order = await app.inject({
        method: 'POST',
        url: '/client/v1/orders',
        headers: { authorization: member.token },
        payload: orderBody([ordered]),
      });
      const orderId = body<{ order: { id: number } }>(order).data.order.id;
      const custom = await app.inject({
        method: 'POST',
        url: '/client/v1/customized',
        headers: { authorization: member.token },
        payload: (await bases['POST /client/v1/customized']?.body?.()) as object,
      });
      const message = await ctx.db
        .selectFrom('memberMessages')
        .select('id')
        .where('userId', '=', member.userId)
        .executeTakeFirstOrThrow();
      const quote = await app.inject({
        method: 'POST',
        url: '/client/v1/quotes',
        headers: { authorization: member.token },
        payload: {
          cartIds: [await insertCartLine(ctx.db, member.userId, await insertPack(ctx.db, 8_000))],
        },
      });
      const org = await app.inject({
        method: 'POST',
        url: '/client/v1/orgs',
        headers: { authorization: member.token },
        payload: { name: '某大学化学系测试课题组' },
      });
      colleague = await createMember(ctx);
      own = {
        orgId: body<{ id: number }>(org).data.id,
        messageId: message.id,
        quoteId: body<{ id: number }>(quote).data.id,
        addressId: (await address()).id,
        spareAddressId: (await address()).id,
        orderId,
        customizedId: body<{ id: number }>(custom).data.id,
        cartLineId: await insertCartLine(ctx.db, member.userId, materialId),
        partLineId: await insertCartLine(ctx.db, member.userId, related.materialIds[0] ?? 0),
      };
    });

    afterAll(async () => {
      codes.restore();
      await app.close();
      await ctx.close();
    });

    if (first) {
      it('knows every route and has a valid request for each that takes input', () => {
        expect(routes.length).toBeGreaterThan(40);
        const missing = routes
          .filter((r) => (r.body || r.params || r.url.includes('*')) && !bases[keyOf(r)])
          .map(keyOf);
        expect(missing).toEqual([]);
        const stale = Object.keys(bases).filter((k) => !routes.some((r) => keyOf(r) === k));
        expect(stale).toEqual([]);
        const outside = routes.filter(
          (r) =>
            !['/client/', '/yifanglab-client/', '/manage/', '/files/'].some((p) =>
              r.url.startsWith(p),
            ),
        );
        expect(outside.map(keyOf)).toEqual([]);
      });
    }

    // A login route's sweep checks a password hash per case (scrypt, made slow on purpose), so a
    // sweep may take longer than the default limit on a busy two-core machine.
    const SWEEP_TIMEOUT_MS = 120_000;
    for (const route of routes.filter((_, i) => i % part.of === part.index - 1)) {
      it(
        `${keyOf(route)} survives bad input`,
        async () => {
          const problems = [...(await sweep(route, 'visitor')), ...(await sweep(route, 'member'))];
          expect(problems).toEqual([]);
        },
        SWEEP_TIMEOUT_MS,
      );
    }

    // The checks beyond the sweeps run once, in part 1.
    if (first) {
      it('answers HEAD on every GET route without a server error', async () => {
        const answers = await Promise.all(
          routes
            .filter((r) => r.method === 'GET')
            .map(async (r) => {
              const base = bases[keyOf(r)] ?? {};
              const url = fillParams(r.url, base.params?.() ?? {}) + queryString(base.query ?? {});
              const res = await app.inject({
                method: 'HEAD',
                url,
                headers: { authorization: member.token },
              });
              return isFileAnswer(url, res.statusCode, res.headers['content-type'])
                ? `${url} 200 application/json`
                : `${url} ${res.statusCode} ${String(res.headers['content-type'])}`;
            }),
        );
        expect(answers.filter((a) => !/ [234]\d\d application\/json/.test(a))).toEqual([]);
      });

      describe('member prices', () => {
        const catalogueCalls = () => [
          { method: 'POST' as const, url: '/client/v1/products/part', payload: { tag: 'hot' } },
          { method: 'POST' as const, url: '/client/v1/products/part', payload: { tag: 'new' } },
          { method: 'POST' as const, url: '/client/v1/products', payload: { key: '苯甲酸' } },
          { method: 'POST' as const, url: '/client/v1/products', payload: { key: '65-85-0' } },
          { method: 'GET' as const, url: `/client/v1/products/${productId}` },
        ];
        const pricesOf = (data: unknown) => JSON.stringify(data).match(/"price":\d/g)?.length ?? 0;

        it('never reach visitors, whatever token they send', async () => {
          const revoked = await tokenFor(member);
          await app.inject({
            method: 'DELETE',
            url: '/client/v1/user/access',
            headers: { authorization: revoked },
          });
          const expired = 'expired-token-for-the-robustness-suite';
          const t = Date.now();
          await ctx.db
            .insertInto('sessions')
            .values({
              userId: member.userId,
              tokenHash: createHash('sha256').update(expired).digest('hex'),
              expiresAt: t - 1,
              renewableUntil: t + 60_000,
              createdAt: t - 10_000,
            })
            .execute();
          const tokens = [
            undefined,
            'garbage',
            `Bearer ${revoked}`,
            revoked,
            expired,
            `${member.token}x`,
          ];
          for (const authorization of tokens) {
            for (const call of catalogueCalls()) {
              const res = await app.inject({
                ...call,
                headers: authorization === undefined ? {} : { authorization },
              });
              const where = `${call.method} ${call.url} ${JSON.stringify(call.payload ?? {})} token ${String(authorization).slice(0, 12)}`;
              expect(res.statusCode, where).toBe(200);
              const data = body(res).data;
              expect(pricesOf(data), where).toBeGreaterThan(0);
              expect(userPricesIn(data), where).toEqual([]);
            }
          }
        });

        it('reach the member (so the check above can fail)', async () => {
          for (const call of catalogueCalls()) {
            const res = await app.inject({ ...call, headers: { authorization: member.token } });
            expect(
              userPricesIn(body(res).data).length,
              `${call.method} ${call.url}`,
            ).toBeGreaterThan(0);
          }
        });
      });

      describe('another member', () => {
        let a: Member;
        let b: Member;
        let mine: {
          addressId: number;
          orderId: number;
          customizedId: number;
          cartLineId: number;
          messageId: number;
          quoteId: number;
          qualificationId: number;
          orgId: number;
        };
        const as = (m: Member) => ({ authorization: m.token });

        beforeAll(async () => {
          a = await createMember(ctx);
          b = await createMember(ctx);
          const address = await app.inject({
            method: 'POST',
            url: '/client/v1/user/address',
            headers: as(a),
            payload: addressBody,
          });
          const toOrder = await insertPack(ctx.db, 5_000);
          const toKeep = await insertPack(ctx.db, 6_000);
          for (const id of [toOrder, toKeep]) {
            const res = await app.inject({
              method: 'PUT',
              url: '/client/v1/cart',
              headers: as(a),
              payload: { materialId: id, quantity: 2, type: 1 },
            });
            expect(res.statusCode).toBe(200);
          }
          const lines = body<{ id: number; materialId: number }[]>(
            await app.inject({ method: 'GET', url: '/client/v1/cart', headers: as(a) }),
          ).data;
          const lineOf = (materialId: number) =>
            lines.find((l) => l.materialId === materialId)?.id ?? 0;
          const order = await app.inject({
            method: 'POST',
            url: '/client/v1/orders',
            headers: as(a),
            payload: orderBody([lineOf(toOrder)]),
          });
          const orderId = body<{ order: { id: number } }>(order).data.order.id;
          const goods = await ctx.db
            .selectFrom('orderGoods')
            .select(['id', 'quantityPurchase'])
            .where('orderId', '=', orderId)
            .execute();
          await insertDelivery(
            ctx.db,
            orderId,
            goods.map((g) => ({ orderGoodsId: g.id, quantityShipped: g.quantityPurchase })),
          );
          const custom = await app.inject({
            method: 'POST',
            url: '/client/v1/customized',
            headers: as(a),
            payload: (await bases['POST /client/v1/customized']?.body?.()) as object,
          });
          const quote = await app.inject({
            method: 'POST',
            url: '/client/v1/quotes',
            headers: as(a),
            payload: { cartIds: [lineOf(toKeep)] },
          });
          const at = Date.now();
          const qualification = await ctx.db
            .insertInto('qualifications')
            .values({
              userId: a.userId,
              kind: 'business-licence',
              number: 'A-1',
              holder: 'A 公司',
              validUntil: '2099-12-31',
              status: 'pending',
              file: 'qualifications/none.pdf',
              fileType: 'application/pdf',
              reviewedBy: null,
              reviewedAt: null,
              createdAt: at,
              updatedAt: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const org = await app.inject({
            method: 'POST',
            url: '/client/v1/orgs',
            headers: as(a),
            payload: { name: 'A 的课题组' },
          });
          mine = {
            orgId: body<{ id: number }>(org).data.id,
            qualificationId: qualification.id,
            addressId: body<{ id: number }>(address).data.id,
            orderId,
            customizedId: body<{ id: number }>(custom).data.id,
            cartLineId: lineOf(toKeep),
            messageId: (
              await ctx.db
                .selectFrom('memberMessages')
                .select('id')
                .where('userId', '=', a.userId)
                .executeTakeFirstOrThrow()
            ).id,
            quoteId: body<{ id: number }>(quote).data.id,
          };
        });

        /** Which of A's resources a member route with an id parameter reaches. */
        const resourceOf = (url: string): number | undefined =>
          url.startsWith('/client/v1/user/address/')
            ? mine.addressId
            : url.startsWith('/client/v1/user/orders/')
              ? mine.orderId
              : url.startsWith('/client/v1/customized/')
                ? mine.customizedId
                : url.startsWith('/client/v1/user/messages/')
                  ? mine.messageId
                  : url.startsWith('/client/v1/quotes/')
                    ? mine.quoteId
                    : url.startsWith('/client/v1/user/qualifications/')
                      ? mine.qualificationId
                      : url.startsWith('/client/v1/orgs/')
                        ? mine.orgId
                        : undefined;

        it("answers 404 for every id route and changes nothing of A's", async () => {
          const idRoutes = routes.filter((r) => r.guard === 'member' && r.url.includes(':id'));
          expect(idRoutes.length).toBeGreaterThanOrEqual(8);
          expect(idRoutes.filter((r) => resourceOf(r.url) === undefined).map(keyOf)).toEqual([]);
          const before = await snapshot();
          for (const route of idRoutes) {
            const id = resourceOf(route.url) ?? 0;
            const spellings: [string, number][] = [
              [`${id}`, 404],
              [`0${id}`, 404],
              [`${id}.0`, 404],
              [`%20${id}`, 400],
              [`+${id}`, 400],
              [`0x${id.toString(16)}`, 400],
              [`${id}e0`, 400],
            ];
            for (const [spelling, status] of spellings) {
              const res = await app.inject({
                method: route.method as 'GET',
                // An organization's member and approval routes name A's member and order too.
                url: fillParams(route.url, {
                  id: spelling,
                  userId: String(a.userId),
                  orderId: String(mine.orderId),
                }),
                headers: as(b),
                ...(route.body
                  ? { payload: (await bases[keyOf(route)]?.body?.()) ?? addressBody }
                  : {}),
              });
              const where = `${route.method} ${route.url} id ${spelling}`;
              expect(res.statusCode, where).toBe(status);
              expect(body(res).code, where).toBe(ResultCode.ERROR);
              expect(body(res).msg, where).toMatch(HAN);
            }
          }
          expect(changedTables(before, await snapshot())).toEqual([]);
        });

        it("cannot touch A's cart lines by id", async () => {
          const before = await snapshot();
          const part = await app.inject({
            method: 'POST',
            url: '/client/v1/cart/part',
            headers: as(b),
            payload: { ids: [mine.cartLineId] },
          });
          expect(part.statusCode).toBeLessThan(500);
          expect(JSON.stringify(body(part).data ?? [])).not.toContain(`"id":${mine.cartLineId},`);
          const removed = await app.inject({
            method: 'DELETE',
            url: '/client/v1/cart',
            headers: as(b),
            payload: { ids: [mine.cartLineId] },
          });
          expect(removed.statusCode).toBeLessThan(500);
          const ordered = await app.inject({
            method: 'POST',
            url: '/client/v1/orders',
            headers: as(b),
            payload: orderBody([mine.cartLineId]),
          });
          expect(ordered.statusCode).toBe(400);
          expect(changedTables(before, await snapshot())).toEqual([]);
        });

        it("sees none of A's records in any list", async () => {
          const lists = routes.filter(
            (r) => r.guard === 'member' && r.method === 'GET' && !r.url.includes(':'),
          );
          expect(lists.length).toBeGreaterThanOrEqual(8);
          for (const route of lists) {
            const res = await app.inject({ method: 'GET', url: route.url, headers: as(b) });
            expect(res.statusCode, route.url).toBe(200);
            const text = JSON.stringify(body(res).data);
            for (const id of Object.values(mine))
              expect(text, route.url).not.toMatch(new RegExp(`"id":${id}[,}]`));
            expect(text, route.url).not.toContain(a.account);
          }
        });

        it('leaves A with everything A made', async () => {
          const order = await app.inject({
            method: 'GET',
            url: `/client/v1/user/orders/${mine.orderId}/deliveries`,
            headers: as(a),
          });
          expect(body<unknown[]>(order).data).toHaveLength(1);
          const custom = await app.inject({
            method: 'GET',
            url: `/client/v1/customized/${mine.customizedId}`,
            headers: as(a),
          });
          expect(custom.statusCode).toBe(200);
          const addresses = await app.inject({
            method: 'GET',
            url: '/client/v1/user/address',
            headers: as(a),
          });
          expect(body<{ id: number }[]>(addresses).data.map((x) => x.id)).toEqual([mine.addressId]);
          const cart = await app.inject({ method: 'GET', url: '/client/v1/cart', headers: as(a) });
          expect(body<{ id: number }[]>(cart).data.map((x) => x.id)).toEqual([mine.cartLineId]);
        });
      });

      it('survives 30 concurrent bad requests on many routes and changes nothing', async () => {
        const pool: { probe: Probe; role: Role }[] = [];
        for (const route of routes) {
          if (route.url.startsWith('/files/') || bases[keyOf(route)]?.freshToken) continue;
          for (const role of ['visitor', 'member'] as const) {
            const probes = (await probesFor(route, role)).filter((p) => p.mustReject);
            for (const probe of probes) pool.push({ probe, role });
          }
        }
        const step = Math.floor(pool.length / 30);
        const picked = Array.from({ length: 30 }, (_, i) => pool[i * step + (i % step)]).filter(
          (x): x is { probe: Probe; role: Role } => x !== undefined,
        );
        expect(picked).toHaveLength(30);
        expect(
          new Set(picked.map((x) => x.probe.method + x.probe.url.split('?')[0])).size,
        ).toBeGreaterThan(10);
        const before = await snapshot();
        const problems = (
          await Promise.all(
            picked.map(async ({ probe, role }) =>
              judge(probe, role, await inject(probe, role === 'member' ? member.token : undefined)),
            ),
          )
        ).flat();
        expect(problems).toEqual([]);
        expect(changedTables(before, await snapshot())).toEqual([]);
      });

      it('notices a changed row (the guard above can fail)', async () => {
        const before = await snapshot();
        await ctx.db
          .updateTable('users')
          .set({ name: '改过' })
          .where('id', '=', member.userId)
          .execute();
        expect(changedTables(before, await snapshot())).toEqual(['users rows']);
      });

      describe('unknown and hostile paths', () => {
        const unknown = [
          ['GET', '/client/v1/nothing-here'],
          ['POST', '/client/v1/nothing-here'],
          ['GET', '/client/v1/products/1/extra'],
          ['PATCH', '/client/v1/cart'],
          ['OPTIONS', '/client/v1/cart'],
          ['DELETE', '/yifanglab-client/v1/nothing'],
          ['GET', '/manage/v1/nothing'],
          ['GET', '/client/v1/%ZZ'],
          ['GET', `/client/v1/${'x'.repeat(5000)}`],
          ['GET', '/files/none.png'],
          ['GET', '/files/..%2fsecret.txt'],
          ['GET', '/files/%2e%2e%2f%2e%2e%2fetc%2fpasswd'],
          ['GET', '/files/%00'],
          ['GET', '/files/.hidden'],
        ] as const;
        /** Paths that climb out of the files folder (inject resolves dot segments as browsers do). */
        const climbing = [
          '/files/../secret.txt',
          '/files/%2e%2e/secret.txt',
          '/files/%2E%2E/secret.txt',
          '/files/x/%2e%2e/%2e%2e/secret.txt',
          '/files/....//secret.txt',
          '/files/..%5csecret.txt',
          '/files/%2e%2e%5csecret.txt',
        ];

        beforeAll(() => {
          fs.writeFileSync(path.join(ctx.config.dataDir, 'secret.txt'), 'SECRET-OUTSIDE-FILES');
        });

        const checkUnknown = async (target: App, method: string, url: string) => {
          const res = await target.inject({ method: method as 'GET', url });
          const where = `${method} ${url.slice(0, 60)}`;
          expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, where).toBeLessThan(500);
          expect(res.headers['content-type'], where).toMatch(/application\/json/);
          expect(body(res).code, where).toBe(ResultCode.ERROR);
          expect(body(res).msg, where).toMatch(HAN);
        };
        const checkClimbing = async (target: App, url: string) => {
          const res = await target.inject({ method: 'GET', url });
          expect(res.statusCode, url).toBeLessThan(500);
          expect(res.body, url).not.toContain('SECRET-OUTSIDE-FILES');
        };

        it('answer the JSON envelope, never a file from outside', async () => {
          for (const [method, url] of unknown) await checkUnknown(app, method, url);
          for (const url of climbing) await checkClimbing(app, url);
        });

        it('answer the JSON envelope even where the storefront is served', async () => {
          const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labshop-shell-'));
          fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>shop</title>');
          const withShell = await buildApp({ config: { ...ctx.config, webDir }, db: ctx.db });
          try {
            for (const [method, url] of unknown) await checkUnknown(withShell, method, url);
            for (const url of climbing) await checkClimbing(withShell, url);
            const page = await withShell.inject({ method: 'GET', url: '/user/orders' });
            expect(page.statusCode).toBe(200);
            expect(page.headers['content-type']).toMatch(/text\/html/);
          } finally {
            await withShell.close();
            fs.rmSync(webDir, { recursive: true, force: true });
          }
        });
      });
    }
  });
}
