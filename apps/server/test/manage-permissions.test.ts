import { afterAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { ResultCode, ROLES, hasPermission } from '@labshop/shared';
import { buildApp, type App } from '../src/app.ts';
import { isStaffGuard } from '../src/domains/staff/index.ts';
import { body, createTestContext, type TestContext } from './helpers.ts';
import { createMember } from './fixtures/account.ts';
import { createStaff, manageBases } from './fixtures/manage.ts';

/**
 * The permission matrix: every registered /manage route (whoever's feature added it) is called
 * with no token, a member's token and a token of each role. No token answers 401/600, a member
 * token 401/601, a role without the route's permission 403/603 and nothing changes; a role with
 * it gets past the guard. Routes are read from the app, so new ones are walked without edits.
 */
const ctx: TestContext = await createTestContext();
const seen: RouteOptions[] = [];
const app: App = await buildApp({ config: ctx.config, db: ctx.db, onRoute: (r) => seen.push(r) });
await app.ready();

/** Routes open on purpose: staff login and its two-factor step, and the storefront's token renewal. */
const PUBLIC = new Set([
  'POST /manage/v1/staff/access',
  'POST /manage/v1/staff/access/code',
  'PUT /manage/v1/access',
]);

const routes = seen
  .filter((r) => r.url.startsWith('/manage/'))
  .flatMap((r) =>
    (Array.isArray(r.method) ? r.method : [r.method])
      .filter((m) => m !== 'HEAD')
      .map((method) => {
        const guards = [r.onRequest, r.preHandler].flat().filter(isStaffGuard);
        return { method, url: r.url, key: `${method} ${r.url}`, guard: guards[0] };
      }),
  );

function request(route: (typeof routes)[number]) {
  const base = manageBases[route.key];
  const params = base?.params?.() ?? {};
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '1');
  const query = new URLSearchParams(base?.query ?? {}).toString();
  const url = query ? `${path}?${query}` : path;
  const payload = base?.body?.();
  return {
    method: route.method as 'GET',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  };
}

/** Row counts of the tables staff routes write, to show a refusal changed nothing. */
async function snapshot(): Promise<string> {
  const tables = [
    'orders',
    'users',
    'balanceRecords',
    'auditLogs',
    'staff',
    'deliveries',
    'orderPayments',
    'bulkInquiries',
  ] as const;
  const counts = await Promise.all(
    tables.map((t) =>
      ctx.db
        .selectFrom(t)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ),
  );
  return JSON.stringify(counts);
}

afterAll(async () => {
  await app.close();
  await ctx.close();
});

describe('manage permission matrix', () => {
  it('finds the manage routes and every one declares its guard', () => {
    expect(routes.length).toBeGreaterThanOrEqual(20);
    const unguarded = routes.filter((r) => !r.guard && !PUBLIC.has(r.key)).map((r) => r.key);
    expect(unguarded).toEqual([]);
  });

  it('refuses calls without a token (600) and with a member token (601)', async () => {
    const member = await createMember(ctx);
    const before = await snapshot();
    for (const route of routes.filter((r) => r.guard)) {
      const none = await app.inject(request(route));
      expect([none.statusCode, body(none).code], `${route.key} without token`).toEqual([
        401,
        ResultCode.TOKEN_MISSING,
      ]);
      const asMember = await app.inject({
        ...request(route),
        headers: { authorization: member.token },
      });
      expect([asMember.statusCode, body(asMember).code], `${route.key} as member`).toEqual([
        401,
        ResultCode.TOKEN_INVALID,
      ]);
    }
    expect(await snapshot()).toBe(before);
  });

  for (const role of ROLES) {
    it(`lets ${role} through exactly the routes its permissions allow`, async () => {
      const staff = await createStaff(ctx.db, [role]);
      for (const route of routes.filter((r) => r.guard)) {
        const permission = route.guard?.staffPermission ?? null;
        const allowed = permission === null || hasPermission([role], permission);
        const before = allowed ? '' : await snapshot();
        // Logging out ends the session it is called with: it gets a session of its own.
        const token =
          route.key === 'DELETE /manage/v1/staff/access'
            ? (await createStaff(ctx.db, [role])).token
            : staff.token;
        const res = await app.inject({ ...request(route), headers: { authorization: token } });
        if (allowed) {
          expect([401, 403], `${route.key} as ${role}`).not.toContain(res.statusCode);
          expect(res.statusCode, `${route.key} as ${role}`).toBeLessThan(500);
        } else {
          expect([res.statusCode, body(res).code], `${route.key} as ${role}`).toEqual([
            403,
            ResultCode.FORBIDDEN,
          ]);
          expect(await snapshot()).toBe(before);
        }
      }
    });
  }
});
