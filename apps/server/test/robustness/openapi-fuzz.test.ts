import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { buildApp, type App } from '../../src/app.ts';
import { isStaffGuard } from '../../src/domains/staff/index.ts';
import { issueToken } from '../../src/domains/session/index.ts';
import { body, createTestContext, type TestContext } from '../helpers.ts';
import { captureCodes, createMember, uniqueIp, type Member } from '../fixtures/account.ts';
import {
  insertBrand,
  insertCategory,
  insertCoa,
  insertContent,
  insertLink,
  insertProduct,
  insertStore,
} from '../fixtures/catalogue.ts';
import { insertCartLine, orderBody } from '../fixtures/orders.ts';
import { createStaff, manageBases, type StaffMember } from '../fixtures/manage.ts';
import {
  BAD_IDS,
  BAD_QUERY_VALUES,
  INJECTION,
  UNPARSABLE,
  WRONG_TYPES,
  isFileAnswer,
} from './robustness.ts';

/**
 * Walks the OpenAPI document the shop serves (GET /docs/openapi.json): every operation, as a
 * visitor, as a member and as an admin, with a request built from its schemas and then spoiled:
 * malformed JSON, bodies and fields of the wrong type, huge, hostile and odd values, wrong and
 * unknown path parameters and query strings, multipart without a boundary. No answer may be a
 * 5xx, and every answer is the `{ code, msg, data }` envelope (docs/api.md) except the files a
 * download sends. Seeded, with a fixed number of cases per operation and caller, so a failure
 * names a case that runs again the same way. The hand-made sweeps of robustness.ts go deeper
 * per route for visitors and members; this walk reaches every documented operation with staff
 * tokens too, and follows the document, so an operation added later is walked without edits.
 */

const ctx: TestContext = await createTestContext();
const seen: RouteOptions[] = [];
const app: App = await buildApp({
  config: ctx.config,
  db: ctx.db,
  onRoute: (route) => seen.push(route),
});
await app.ready();

/**
 * Cases per operation and caller. About 230 operations x 3 callers x 10 cases take some 45 s on
 * SQLite and 100 s on PostgreSQL on a busy two-core machine.
 */
const CASES = 10;
const SEED = 0x5eed_2026;

type Caller = 'visitor' | 'member' | 'staff';
type Guard = 'member' | 'staff' | 'optional' | 'none';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  format?: string;
  default?: unknown;
  $ref?: string;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  method: string;
  /** The document's path, `{id}` style. */
  path: string;
  key: string;
  guard: Guard;
  params: Parameter[];
  body?: JsonSchema;
}

interface Case {
  label: string;
  url: string;
  payload?: string;
  contentType?: string;
}

/**
 * Where the providers post their notifications and where buyers' procurement systems come in
 * (PunchOut, docs/punchout.md): they answer in those protocols (cXML, text, an HTML form).
 */
const GATEWAY_PROTOCOL = new Set([
  'POST /client/v1/payments/wechat/notify',
  'POST /client/v1/payments/alipay/notify',
  'POST /punchout/cxml',
  'GET /punchout/oci',
  'POST /punchout/oci',
  'POST /punchout/return',
]);

/** A small seeded generator (mulberry32): the same cases on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('nothing to pick from');
      return item;
    },
  };
}
type Random = ReturnType<typeof random>;

function hash(text: string): number {
  let h = 2_166_136_261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16_777_619);
  return h >>> 0;
}

const doc = JSON.parse((await app.inject({ method: 'GET', url: '/docs/openapi.json' })).body) as {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown }>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

function resolve(schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').at(-1) ?? '';
  return doc.components?.schemas?.[name] ?? {};
}

function guardOf(method: string, path: string): Guard {
  const url = path.replace(/\{(\w+)\}/g, ':$1');
  const route = seen.find((r) => r.url === url && [r.method].flat().includes(method as 'GET'));
  // The guards run as onRequest hooks or preHandlers (domains/session/auth.plugin.ts).
  const preHandlers: unknown[] = [route?.onRequest, route?.preHandler].flat();
  if (preHandlers.includes(app.requireMember)) return 'member';
  if (preHandlers.some((h) => isStaffGuard(h))) return 'staff';
  if (preHandlers.includes(app.optionalMember)) return 'optional';
  return 'none';
}

const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([m, op]) => {
    const method = m.toUpperCase();
    const content = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> })
      ?.content;
    const jsonBody = content?.['application/json']?.schema;
    return {
      method,
      path,
      key: `${method} ${path}`,
      guard: guardOf(method, path),
      params: op.parameters ?? [],
      ...(jsonBody ? { body: resolve(jsonBody) } : {}),
    };
  }),
);

/** A value the schema accepts, as far as a schema tells (patterns and refinements aside). */
function sample(schema: JsonSchema, rng: Random, depth = 0): unknown {
  const s = resolve(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum && s.enum.length > 0) return s.enum[0];
  const options = s.anyOf ?? s.oneOf;
  if (options && options.length > 0) {
    const typed = options.filter((o) => resolve(o).type !== 'null');
    return sample(typed[0] ?? options[0] ?? {}, rng, depth);
  }
  if (s.allOf && s.allOf.length > 0) return sample(s.allOf[0] ?? {}, rng, depth);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, prop] of Object.entries(s.properties ?? {})) {
        if (depth < 4 && (s.required?.includes(name) || rng.next() < 0.5)) {
          out[name] = sample(prop, rng, depth + 1);
        }
      }
      return out;
    }
    case 'array':
      return depth < 4 && s.items
        ? Array.from({ length: Math.max(1, s.minItems ?? 1) }, () =>
            sample(s.items ?? {}, rng, depth + 1),
          )
        : [];
    case 'integer':
    case 'number': {
      const low = s.minimum ?? 1;
      const high = s.maximum ?? low + 10;
      return Math.min(high, Math.max(low, 1));
    }
    case 'boolean':
      return false;
    case 'string': {
      if (s.format === 'email') return 'fuzz@example.com';
      const length = Math.max(s.minLength ?? 1, 2);
      return '测试'.repeat(Math.ceil(length / 2)).slice(0, Math.min(length, s.maxLength ?? length));
    }
    default:
      return s.default ?? null;
  }
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
  node[last] = replacement;
  return copy;
}

const CONTROL = 'a\u0001\u0007\u001b[31m\r\n\t\u2028b';
const NESTED = JSON.parse(`${'{"a":'.repeat(200)}1${'}'.repeat(200)}`) as unknown;
/** Values a field gets in place of what its schema wants. */
const HOSTILE: unknown[] = [
  ...WRONG_TYPES,
  ...INJECTION,
  'a'.repeat(20_000),
  CONTROL,
  -1e21,
  1e21,
  -2_147_483_649,
  NESTED,
  [null],
  [{}],
];

/** Path parameter values: the document's wrong types, huge and unknown ids. */
const PATH_VALUES = [...BAD_IDS, '999999999', '1'];

/** A parameter value the schema accepts; names the routes share get one that exists. */
function paramValue(p: Parameter, rng: Random, known: Record<string, string>): string {
  const given = known[p.name];
  if (given !== undefined) return given;
  const v = sample(p.schema ?? { type: 'string' }, rng);
  return typeof v === 'string' ? v : JSON.stringify(v);
}

const encode = (v: string) => encodeURIComponent(v);

function buildUrl(
  op: Operation,
  path: Record<string, string>,
  query: Record<string, string | string[]>,
): string {
  const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encode(path[name] ?? '1'));
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const one of [v].flat()) params.append(k, one);
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

/** The cases of one operation for one caller: one valid request, then spoiled ones. */
function casesFor(op: Operation, caller: Caller, ids: Record<string, string>): Case[] {
  const rng = random(SEED ^ hash(`${op.key} ${caller}`));
  const base = manageBases[op.key.replace(/\{(\w+)\}/g, ':$1')];
  const pathValues: Record<string, string> = {};
  for (const p of op.params.filter((x) => x.in === 'path')) {
    pathValues[p.name] = base?.params?.()[p.name] ?? paramValue(p, rng, ids);
  }
  const query: Record<string, string> = { ...base?.query };
  for (const p of op.params.filter((x) => x.in === 'query' && x.required)) {
    query[p.name] ??= paramValue(p, rng, ids);
  }
  const takesBody = op.method !== 'GET' && op.method !== 'DELETE';
  const valid = base?.body?.() ?? (op.body ? sample(op.body, rng) : undefined);
  const json = (value: unknown) => ({
    payload: JSON.stringify(value),
    contentType: 'application/json',
  });
  const validBody = valid === undefined ? {} : json(valid);
  const queryNames = op.params.filter((p) => p.in === 'query').map((p) => p.name);

  const makers: (() => Case)[] = [
    () => ({ label: 'malformed JSON', url: buildUrl(op, pathValues, query), ...malformed(rng) }),
    () => ({
      label: 'body of another type',
      url: buildUrl(op, pathValues, query),
      ...json(rng.pick([[], 'text', 42, null, true, [valid], NESTED, { [rng.int(9)]: HOSTILE }])),
    }),
    () => {
      const nodes = nodePaths(valid);
      if (nodes.length === 0)
        return {
          label: 'hostile body',
          url: buildUrl(op, pathValues, query),
          ...json(rng.pick(HOSTILE)),
        };
      const at = rng.pick(nodes);
      const value = rng.pick(HOSTILE);
      return {
        label: `${at.join('.')} = ${JSON.stringify(value)?.slice(0, 30)}`,
        url: buildUrl(op, pathValues, query),
        ...json(replaceAt(valid, at, value)),
      };
    },
    () => {
      const names = Object.keys(pathValues);
      if (names.length === 0) return queryCase();
      const name = rng.pick(names);
      const value = rng.pick(PATH_VALUES);
      return {
        label: `path ${name} = ${value.slice(0, 30)}`,
        url: buildUrl(op, { ...pathValues, [name]: decodeOr(value) }, query),
        ...validBody,
      };
    },
    () => queryCase(),
    () => ({
      label: 'extra and polluting fields',
      url: buildUrl(op, pathValues, query),
      payload: `${JSON.stringify({ ...(isObject(valid) ? valid : {}), id: 1, userId: 1, status: 9, balance: 1e9 }).slice(0, -1)},"__proto__":{"admin":true}}`,
      contentType: 'application/json',
    }),
  ];

  function queryCase(): Case {
    const name =
      queryNames.length > 0 && rng.next() < 0.8
        ? rng.pick(queryNames)
        : rng.pick(['page', 'size', 'x']);
    const value = rng.pick(BAD_QUERY_VALUES);
    return {
      label: `query ${name} = ${JSON.stringify(value).slice(0, 30)}`,
      url: buildUrl(op, pathValues, { ...query, [name]: value }),
      ...validBody,
    };
  }

  const out: Case[] = [
    { label: 'valid request', url: buildUrl(op, pathValues, query), ...validBody },
  ];
  if (takesBody) {
    out.push({
      label: 'multipart without a boundary',
      url: buildUrl(op, pathValues, query),
      payload: 'file=abc',
      contentType: 'multipart/form-data',
    });
    out.push({
      label: 'multipart cut short',
      url: buildUrl(op, pathValues, query),
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc',
      contentType: 'multipart/form-data; boundary=x',
    });
  }
  while (out.length < CASES) {
    const maker = takesBody ? rng.pick(makers) : rng.pick(makers.slice(3, 5));
    out.push(maker());
  }
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** BAD_IDS are written for a URL already: the walk encodes every value itself. */
function decodeOr(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function malformed(rng: Random): { payload: string; contentType: string } {
  const unparsable = UNPARSABLE.filter((u) => u.contentType === 'application/json');
  const texts = [
    ...unparsable.map((u) => u.payload),
    '[',
    '{"a":"\\ud800"}',
    '{"a":1}{"b":2}',
    '\uFEFF{}',
    '{"a":01}',
  ];
  return { payload: rng.pick(texts), contentType: 'application/json' };
}

describe('the OpenAPI walk', () => {
  const codes = captureCodes();
  let member: Member;
  let admin: StaffMember;
  const ids: Record<string, string> = {};
  /** Cases that reached an operation past its guard as the caller it admits. */
  const authenticated: Record<'member' | 'staff', number> = { member: 0, staff: 0 };
  /** Operations whose valid request succeeded, per caller: the walk reaches the handlers. */
  const succeeded: Record<Caller, Set<string>> = {
    visitor: new Set(),
    member: new Set(),
    staff: new Set(),
  };

  beforeAll(async () => {
    member = await createMember(ctx, { balanceFen: 100_000 });
    admin = await createStaff(ctx.db, ['admin']);
    const categoryId = await insertCategory(ctx.db);
    const brandId = await insertBrand(ctx.db);
    const storeId = await insertStore(ctx.db);
    const product = await insertProduct(ctx.db, {
      name: '苯甲酸',
      number: 'P-1',
      cas: '65-85-0',
      categoryId,
      brandId,
      materials: [{ pack: '1g', price: 10_000, userPrice: 8_000, stocks: { [storeId]: 50 } }],
    });
    const materialId = product.materialIds[0] ?? 0;
    await insertContent(ctx.db);
    await insertLink(ctx.db);
    await insertCoa(ctx.db, { productNumber: 'P-1', lotNumber: 'L1' });
    const line = await insertCartLine(ctx.db, member.userId, materialId);
    const order = await app.inject({
      method: 'POST',
      url: '/client/v1/orders',
      headers: { authorization: member.token },
      payload: orderBody([line]),
    });
    expect(order.statusCode).toBe(200);
    Object.assign(ids, {
      id: '1',
      productId: String(product.id),
      materialId: String(materialId),
      storeId: String(storeId),
      lotNumber: 'L1',
      kind: 'messages',
      event: 'order-placed',
      term: 'ipa',
    });
  });

  afterAll(async () => {
    codes.restore();
    await app.close();
    await ctx.close();
  });

  /** The caller's token, made again when a case before logged it out or disabled it. */
  async function renew(caller: 'member' | 'staff'): Promise<void> {
    if (caller === 'staff') {
      admin = await createStaff(ctx.db, ['admin']);
      return;
    }
    member = { ...member, token: (await issueToken(ctx.db, member.userId)).token };
    const info = await app.inject({
      method: 'GET',
      url: '/client/v1/user/info',
      headers: { authorization: member.token },
    });
    if (info.statusCode !== 200) member = await createMember(ctx);
  }

  const tokenOf = (caller: Caller) =>
    caller === 'visitor' ? undefined : caller === 'member' ? member.token : admin.token;

  function send(op: Operation, c: Case, caller: Caller) {
    const headers: Record<string, string> = {};
    const token = tokenOf(caller);
    if (token) headers.authorization = token;
    if (c.contentType) headers['content-type'] = c.contentType;
    return app.inject({
      method: op.method as 'GET',
      url: c.url,
      headers,
      remoteAddress: uniqueIp(),
      ...(c.payload !== undefined ? { payload: c.payload } : {}),
    });
  }

  /** What is wrong with one answer (nothing: []). */
  function judge(
    op: Operation,
    c: Case,
    caller: Caller,
    res: { statusCode: number; headers: Record<string, unknown>; body: string },
  ): string[] {
    const where = `${op.key} [${caller}, ${c.label}] ${c.url.slice(0, 80)}`;
    if (res.statusCode >= 500) {
      return [`${where}: ${res.statusCode} ${res.body.slice(0, 160)}`];
    }
    if (GATEWAY_PROTOCOL.has(op.key)) return [];
    if (isFileAnswer(c.url, res.statusCode, res.headers['content-type'])) return [];
    if (res.statusCode === 200 && !String(res.headers['content-type']).includes('json')) {
      // Staff downloads (exports, labels, documents) send the file itself.
      return /^(application\/(pdf|zip|ofd|vnd\.openxmlformats)|text\/csv)/.test(
        String(res.headers['content-type']),
      )
        ? []
        : [`${where}: 200 as ${String(res.headers['content-type'])}`];
    }
    let env: Record<string, unknown>;
    try {
      env = body(res);
    } catch {
      return [`${where}: not JSON: ${res.body.slice(0, 120)}`];
    }
    if (typeof env.code !== 'number' || typeof env.msg !== 'string' || !('data' in env)) {
      return [`${where}: not the envelope: ${res.body.slice(0, 120)}`];
    }
    return [];
  }

  /** Whether the caller's answer shows its token was refused (a case before ended it). */
  const refusedToken = (caller: Caller, status: number) =>
    (caller === 'member' && status === 401) ||
    (caller === 'staff' && (status === 401 || status === 403));

  const admits = (op: Operation, caller: Caller) =>
    (caller === 'member' && (op.guard === 'member' || op.guard === 'optional')) ||
    (caller === 'staff' && op.guard === 'staff');

  async function walk(op: Operation, caller: Caller): Promise<string[]> {
    const problems: string[] = [];
    for (const c of casesFor(op, caller, ids)) {
      let res = await send(op, c, caller);
      if (caller !== 'visitor' && admits(op, caller) && refusedToken(caller, res.statusCode)) {
        // A logout, a renewal or a disabled account before: the case runs again, authenticated.
        await renew(caller);
        res = await send(op, c, caller);
        if (refusedToken(caller, res.statusCode)) {
          problems.push(`${op.key} [${caller}, ${c.label}]: token refused (${res.statusCode})`);
        }
      }
      if (caller !== 'visitor' && admits(op, caller) && !refusedToken(caller, res.statusCode)) {
        authenticated[caller] += 1;
      }
      if (c.label === 'valid request' && res.statusCode === 200) succeeded[caller].add(op.key);
      problems.push(...judge(op, c, caller, res));
    }
    return problems;
  }

  it('reads every operation of the document', () => {
    expect(operations.length).toBeGreaterThan(200);
    const unknown = operations.filter(
      (op) => !seen.some((r) => r.url === op.path.replace(/\{(\w+)\}/g, ':$1')),
    );
    expect(unknown.map((op) => op.key)).toEqual([]);
    expect(operations.filter((op) => op.guard === 'staff').length).toBeGreaterThan(100);
    expect(operations.filter((op) => op.guard === 'member').length).toBeGreaterThan(40);
  });

  it('builds the same cases on every run', () => {
    const op = operations.find((o) => o.key === 'POST /manage/v1/products');
    expect(op).toBeDefined();
    if (!op) return;
    expect(casesFor(op, 'staff', ids)).toEqual(casesFor(op, 'staff', ids));
    expect(casesFor(op, 'staff', ids)).toHaveLength(CASES);
    expect(casesFor(op, 'staff', ids)).not.toEqual(casesFor(op, 'member', ids));
  });

  for (const caller of ['visitor', 'member', 'staff'] as const) {
    it(`answers every operation below 500 in the envelope, as ${caller === 'staff' ? 'an admin' : `a ${caller}`}`, async () => {
      const problems: string[] = [];
      for (const op of operations) problems.push(...(await walk(op, caller)));
      expect(problems).toEqual([]);
    }, 240_000);
  }

  it('tells a server error and an answer outside the envelope (the walk can fail)', () => {
    const op = operations[0];
    if (!op) throw new Error('no operations');
    const c: Case = { label: 'valid request', url: '/client/v1/x' };
    const json = { 'content-type': 'application/json; charset=utf-8' };
    const envelope = JSON.stringify({ code: 1, msg: '请求参数有误', data: null });
    expect(judge(op, c, 'visitor', { statusCode: 400, headers: json, body: envelope })).toEqual([]);
    expect(
      judge(op, c, 'visitor', { statusCode: 500, headers: json, body: envelope }),
    ).toHaveLength(1);
    expect(
      judge(op, c, 'visitor', { statusCode: 503, headers: json, body: envelope }),
    ).toHaveLength(1);
    expect(
      judge(op, c, 'visitor', { statusCode: 400, headers: json, body: '{"error":"Bad"}' }),
    ).toHaveLength(1);
    expect(
      judge(op, c, 'visitor', {
        statusCode: 404,
        headers: { 'content-type': 'text/html' },
        body: '<p>',
      }),
    ).toHaveLength(1);
  });

  it('reached the handlers: valid requests succeeded for many operations', () => {
    expect(succeeded.visitor.size).toBeGreaterThan(10);
    expect(succeeded.member.size).toBeGreaterThan(30);
    expect(succeeded.staff.size).toBeGreaterThan(60);
  });

  it('ran the authenticated cases authenticated', () => {
    const memberOps = operations.filter((op) => admits(op, 'member')).length;
    const staffOps = operations.filter((op) => admits(op, 'staff')).length;
    // Every case of an operation that admits the caller got past its guard (renewed if needed).
    expect(authenticated.member).toBe(memberOps * CASES);
    expect(authenticated.staff).toBe(staffOps * CASES);
  });
});
