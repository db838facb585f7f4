import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { badRequest } from '../../lib/errors.ts';
import errors from '../../plugins/errors.ts';
import { memberAuth as auth } from '../session/index.ts';
import idempotency, { KEY_REUSED } from './idempotency.plugin.ts';

/**
 * A bare app on the test database with counting routes: what matters is how often a handler
 * ran, which the real routes cannot show directly.
 */
describe('idempotency', () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  const runs = { slow: 0, refuse: 0, fail: 0, plain: 0 };

  beforeAll(async () => {
    ctx = await createTestContext();
    app = Fastify();
    app.decorate('db', ctx.db);
    await app.register(errors);
    await app.register(auth);
    await app.register(idempotency);
    app.post('/slow', { config: { idempotent: true } }, async () => {
      runs.slow += 1;
      const n = runs.slow;
      await sleep(200);
      return { code: 0, msg: '操作成功', data: { run: n } };
    });
    app.post('/refuse', { config: { idempotent: true } }, async () => {
      runs.refuse += 1;
      throw badRequest('不行');
    });
    app.post('/fail', { config: { idempotent: true } }, async () => {
      runs.fail += 1;
      if (runs.fail === 1) throw new Error('boom');
      return { code: 0, msg: '操作成功', data: { run: runs.fail } };
    });
    app.post('/plain', async () => {
      runs.plain += 1;
      return { code: 0, msg: '操作成功', data: { run: runs.plain } };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  const post = (url: string, key?: string, payload: object = { a: 1 }) =>
    app.inject({
      method: 'POST',
      url,
      payload,
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });

  it('runs concurrent duplicates once and gives each the first answer', async () => {
    const key = 'concurrent-0001';
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('/slow', key)));
    expect(runs.slow).toBe(1);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(body(res).data).toEqual({ run: 1 });
    }
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
  });

  it('answers a later retry from the store without running again', async () => {
    const first = await post('/slow', 'retry-key-0001');
    const again = await post('/slow', 'retry-key-0001');
    expect(body(again)).toEqual(body(first));
    expect(again.headers['idempotent-replayed']).toBe('true');
    const ranBefore = runs.slow;
    const fresh = await post('/slow', 'retry-key-0002');
    expect(runs.slow).toBe(ranBefore + 1);
    expect(body(fresh).data).not.toEqual(body(first).data);
  });

  it('keeps the first refusal: the same attempt is not run twice', async () => {
    const first = await post('/refuse', 'refuse-key-0001');
    const again = await post('/refuse', 'refuse-key-0001');
    expect(first.statusCode).toBe(400);
    expect(again.statusCode).toBe(400);
    expect(body(again).msg).toBe('不行');
    expect(runs.refuse).toBe(1);
  });

  it('frees the key after a server fault so the retry runs', async () => {
    const first = await post('/fail', 'fail-key-0001');
    expect(first.statusCode).toBe(500);
    const again = await post('/fail', 'fail-key-0001');
    expect(again.statusCode).toBe(200);
    expect(runs.fail).toBe(2);
  });

  it('refuses a key reused for another body or route', async () => {
    await post('/slow', 'reuse-key-0001', { a: 1 });
    const otherBody = await post('/slow', 'reuse-key-0001', { a: 2 });
    expect(otherBody.statusCode).toBe(400);
    expect(body(otherBody).msg).toBe(KEY_REUSED);
    const otherRoute = await post('/refuse', 'reuse-key-0001', { a: 1 });
    expect(otherRoute.statusCode).toBe(400);
    expect(body(otherRoute).msg).toBe(KEY_REUSED);
  });

  it('keeps keys apart per caller', async () => {
    const ranBefore = runs.slow;
    const key = 'caller-key-0001';
    const a = await app.inject({
      method: 'POST',
      url: '/slow',
      payload: { a: 1 },
      headers: { 'idempotency-key': key },
      remoteAddress: '10.0.0.1',
    });
    const b = await app.inject({
      method: 'POST',
      url: '/slow',
      payload: { a: 1 },
      headers: { 'idempotency-key': key },
      remoteAddress: '10.0.0.2',
    });
    expect(runs.slow).toBe(ranBefore + 2);
    expect(body(a).data).not.toEqual(body(b).data);
  });

  it('stores answers encrypted, under a hash of the key', async () => {
    await post('/slow', 'secret-key-0001');
    const rows = await ctx.db.selectFrom('idempotencyKeys').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.id).not.toContain('secret-key');
      expect(row.answer).not.toContain('操作成功');
    }
  });

  it('refuses a malformed key and ignores requests without one', async () => {
    const bad = await post('/slow', 'short');
    expect(bad.statusCode).toBe(400);
    const ranBefore = runs.plain;
    await post('/plain', 'plain-key-0001');
    await post('/plain', 'plain-key-0001');
    expect(runs.plain).toBe(ranBefore + 2);
  });
});
