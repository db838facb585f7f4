import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import fastifyStatic from '@fastify/static';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import security from './security.ts';
import web, { cacheHeaders } from './web.ts';

/**
 * The built storefront's files answered from memory give the answers @fastify/static (with the
 * build's .br/.gz copies) and the compression plugin gave before: same status, headers and
 * bytes for every encoding a client may ask, for HEAD, revalidations (304) and ranges.
 */

/** Headers of the connection or of this one answer, not of the file. */
const FRAMING = ['date', 'x-request-id', 'connection', 'keep-alive', 'transfer-encoding'];

function comparable(res: LightMyRequestResponse) {
  const headers = Object.fromEntries(
    Object.entries(res.headers)
      .filter(([k]) => !FRAMING.includes(k) && k !== 'content-length')
      .map(([k, v]) => [k, String(v)]),
  );
  return { status: res.statusCode, headers, body: res.rawPayload.toString('base64') };
}

describe('static files kept in memory', () => {
  let webDir: string;
  let reference: FastifyInstance;
  let kept: FastifyInstance;
  const script = `export const x = ${JSON.stringify('试剂'.repeat(2000))};\n`;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labshop-static-'));
    const write = (rel: string, data: string | Buffer) => {
      fs.mkdirSync(path.dirname(path.join(webDir, rel)), { recursive: true });
      fs.writeFileSync(path.join(webDir, rel), data);
    };
    write('index.html', '<!doctype html><div id="root"></div>');
    write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>');
    write('assets/app-abc123.js', script);
    write('assets/app-abc123.js.br', zlib.brotliCompressSync(script));
    write('assets/app-abc123.js.gz', zlib.gzipSync(script));
    write('assets/style-def456.css', `body{color:red}${'.a{margin:0}'.repeat(300)}`);
    write('assets/style-def456.css.gz', zlib.gzipSync('only a gzip copy'));
    write('images/banner.png', crypto.randomBytes(3000));
    write('favicon.ico', crypto.randomBytes(800));
    write('region/cities.json', JSON.stringify({ 北京: ['东城区', '西城区'] }));
    write('assets/large-0a1b2c.js', `/*${'x'.repeat(300_000)}*/`);
    write('.vite/manifest.json', '{}');

    // Before: @fastify/static on the build folder, as the web plugin registered it.
    reference = Fastify();
    await reference.register(security);
    await reference.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: cacheHeaders,
      preCompressed: true,
    });
    kept = Fastify();
    await kept.register(security);
    await kept.register(web, { webDir, consoleDir: '' });
    await Promise.all([reference.ready(), kept.ready()]);
  });
  afterAll(async () => {
    await Promise.all([reference.close(), kept.close()]);
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const urls = [
    '/favicon.svg',
    '/assets/app-abc123.js',
    '/assets/style-def456.css',
    '/images/banner.png',
    '/favicon.ico',
    '/region/cities.json',
    '/assets/large-0a1b2c.js',
    '/.vite/manifest.json',
  ];
  const encodings = [
    undefined,
    '',
    'gzip, deflate, br',
    'gzip, deflate, br, zstd',
    'br',
    'gzip',
    'deflate',
    'identity',
    '*',
    'x-gzip',
    'br;q=0, gzip;q=0.5, deflate',
    'gzip;q=0, br;q=0.1',
    'compress',
  ];

  async function both(method: 'GET' | 'HEAD', url: string, headers: Record<string, string>) {
    const [before, after] = await Promise.all(
      [reference, kept].map((app) => app.inject({ method, url, headers })),
    );
    return { before: before!, after: after! };
  }

  /** Files too large to keep (or not served at all): always answered by @fastify/static. */
  const notKept = ['/assets/large-0a1b2c.js', '/.vite/manifest.json'];

  it('answers every file and encoding as @fastify/static and the compression plugin did', async () => {
    for (const url of urls) {
      for (const ae of encodings) {
        const headers: Record<string, string> = ae === undefined ? {} : { 'accept-encoding': ae };
        for (const method of ['GET', 'HEAD'] as const) {
          // The first answer of an encoding the file is compressed in comes from the plugins
          // while memory compresses it; from then on memory answers, with its Content-Length.
          const first = await both(method, url, headers);
          expect(comparable(first.after), `${method} ${url} ${ae}`).toEqual(
            comparable(first.before),
          );
          if (notKept.includes(url)) continue;
          const fromMemory = await vi.waitFor(async () => {
            const res = await kept.inject({ method, url, headers });
            expect(res.headers['content-length'], `${method} ${url} ${ae}`).toBeDefined();
            return res;
          });
          expect(comparable(fromMemory), `${method} ${url} ${ae}`).toEqual(
            comparable(first.before),
          );
        }
      }
    }
  });

  it('answers revalidations (304), ranges and preconditions as before', async () => {
    for (const url of urls) {
      for (const ae of ['gzip, deflate, br', 'gzip', 'identity']) {
        const first = await kept.inject({ url, headers: { 'accept-encoding': ae } });
        const etag = String(first.headers.etag ?? '');
        const modified = String(first.headers['last-modified'] ?? '');
        const conditions: Array<Record<string, string>> = [
          { 'if-none-match': etag },
          { 'if-none-match': etag.replace(/^W\//, '') },
          { 'if-none-match': `"other", ${etag}` },
          { 'if-none-match': '"other"' },
          { 'if-none-match': '*' },
          { 'if-modified-since': modified },
          { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' },
          { 'if-none-match': etag, 'cache-control': 'no-cache' },
          { 'if-none-match': '"other"', 'if-modified-since': modified },
          { range: 'bytes=0-9' },
          { 'if-match': '"other"' },
        ];
        for (const condition of conditions) {
          const headers = { 'accept-encoding': ae, ...condition };
          const { before, after } = await both('GET', url, headers);
          expect(comparable(after), `${url} ${JSON.stringify(headers)}`).toEqual(
            comparable(before),
          );
        }
      }
    }
    const fresh = await kept.inject({
      url: '/favicon.svg',
      headers: {
        'if-none-match': String((await kept.inject({ url: '/favicon.svg' })).headers.etag),
      },
    });
    expect(fresh.statusCode).toBe(304);
    expect(fresh.rawPayload.length).toBe(0);
  });

  it('answers the small files from memory, read once at start', async () => {
    const before = await kept.inject({
      url: '/favicon.svg',
      headers: { 'accept-encoding': 'br' },
    });
    fs.rmSync(path.join(webDir, 'favicon.svg'));
    const after = await kept.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br' } });
    expect(after.statusCode).toBe(200);
    expect(after.headers['content-encoding']).toBe('br');
    expect(after.headers['content-length']).toBe(String(after.rawPayload.length));
    expect(zlib.brotliDecompressSync(after.rawPayload).toString()).toContain('<circle');
    expect(comparable(after)).toEqual(comparable(before));
    // The one too large to keep is still read from disk.
    fs.rmSync(path.join(webDir, 'assets/large-0a1b2c.js'));
    expect((await kept.inject({ url: '/assets/large-0a1b2c.js' })).statusCode).toBe(404);
  });
});
