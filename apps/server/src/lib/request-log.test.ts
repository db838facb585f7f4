import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { logDestination } from './request-log.ts';
import { createTestContext, type TestContext } from '../../test/helpers.ts';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  url?: string;
  statusCode?: number;
  responseTime?: number;
}

describe('request log', () => {
  let ctx: TestContext;
  let app: App;
  const lines: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    app = await buildApp({
      config: ctx.config,
      db: ctx.db,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  /** The lines one request writes. */
  async function linesOf(request: InjectOptions) {
    lines.length = 0;
    const res = await app.inject(request);
    return { res, logged: lines.map((l) => JSON.parse(l) as LogLine) };
  }

  it('writes exactly one line per request, at response time, with its method, url, status, duration and id', async () => {
    const { res, logged } = await linesOf({ method: 'GET', url: '/client/v1/system/company?x=1' });
    expect(res.statusCode).toBe(200);
    expect(logged).toHaveLength(1);
    const [line] = logged;
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'GET',
      url: '/client/v1/system/company?x=1',
      statusCode: 200,
      reqId: res.headers['x-request-id'],
    });
    expect(line?.reqId).toMatch(/^[0-9a-f]{16}$/);
    expect(typeof line?.responseTime).toBe('number');
    expect(line?.responseTime).toBeGreaterThanOrEqual(0);
  });

  it('writes one line for refused and unknown requests too, with their status', async () => {
    const refused = await linesOf({
      method: 'POST',
      url: '/client/v1/products',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(refused.res.statusCode).toBe(400);
    expect(refused.logged).toEqual([
      expect.objectContaining({ msg: 'request completed', method: 'POST', statusCode: 400 }),
    ]);
    const unknown = await linesOf({ method: 'GET', url: '/client/v1/no-such-thing' });
    expect(unknown.res.statusCode).toBe(404);
    expect(unknown.logged).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        url: '/client/v1/no-such-thing',
        statusCode: 404,
        reqId: unknown.res.headers['x-request-id'],
      }),
    ]);
  });
});

describe('log destination', () => {
  it('writes a lone line within a moment, without waiting for a batch to fill', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labshop-log-'));
    const file = path.join(dir, 'out.log');
    const destination = logDestination(fs.openSync(file, 'a'));
    try {
      pino(destination).info('一行');
      const deadline = Date.now() + 2000;
      while (fs.readFileSync(file, 'utf8') === '' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(JSON.parse(fs.readFileSync(file, 'utf8')) as { msg: string }).toMatchObject({
        msg: '一行',
      });
    } finally {
      destination.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes the lines still held when the process exits', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labshop-log-'));
    const file = path.join(dir, 'out.log');
    try {
      // A process that logs 2,000 lines asynchronously and exits at once: the exit hook writes
      // what the asynchronous writes had not yet.
      const script = `
        import fs from 'node:fs';
        import pino from 'pino';
        import { logDestination } from ${JSON.stringify(path.join(import.meta.dirname, 'request-log.ts'))};
        const log = pino(logDestination(fs.openSync(${JSON.stringify(file)}, 'a')));
        for (let i = 0; i < 2000; i += 1) log.info({ i }, '日志');
        process.exit(0);
      `;
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script],
        {
          cwd: import.meta.dirname,
          encoding: 'utf8',
        },
      );
      expect(run.stderr).toBe('');
      const written = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
      expect(written).toHaveLength(2000);
      expect(written.map((l) => (JSON.parse(l) as { i: number }).i)).toEqual(
        Array.from({ length: 2000 }, (_, i) => i),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
