import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { keepStaticFiles, serveKeptFiles } from './static-memory.ts';

/** Paths that belong to the API: they never fall back to the storefront shell. */
const API_PREFIXES = ['/client/', '/yifanglab-client/', '/manage/', '/files/', '/docs'];
/** Where the staff console is served; its routes fall back to its own shell. */
const CONSOLE_PREFIX = '/console/';
export const isApiPath = (url: string) =>
  API_PREFIXES.some((p) => url.startsWith(p)) || url.startsWith(CONSOLE_PREFIX);

declare module 'fastify' {
  interface FastifyInstance {
    /** True when the built storefront is there to serve. */
    hasWebShell: boolean;
    /** The built index.html, read once at start; the page routes fill in each page's text. */
    webShell: string;
  }
}

/** Hashed assets are cached for a year; anything else is revalidated. */
export function cacheHeaders(res: { setHeader(k: string, v: string): void }, filePath: string) {
  const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
  res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  // Assets go out brotli, gzip or plain by the request's Accept-Encoding (preCompressed below).
  res.setHeader('Vary', 'Accept-Encoding');
}

/**
 * A built app's files at prefix: the small ones answered from memory (static-memory.ts), the
 * rest, and whatever memory does not answer alike, by @fastify/static as registered here.
 */
async function serveBuilt(
  app: FastifyInstance,
  opts: FastifyStaticOptions & { root: string; prefix: string },
): Promise<void> {
  const kept = keepStaticFiles(opts.root, opts.prefix, cacheHeaders);
  // Its own scope, so the lookup runs on these files' routes only.
  await app.register(async (scope) => {
    scope.addHook('onRequest', serveKeptFiles(kept));
    await scope.register(fastifyStatic, opts);
  });
}

/**
 * The staff console's own bundle under /console/: its assets like the storefront's, and every
 * other GET below /console/ answered with its shell so its client routes work on reload.
 */
async function serveConsole(app: FastifyInstance, dir: string): Promise<void> {
  const shell = path.join(dir, 'index.html');
  if (!dir || !fs.existsSync(shell)) return;
  await serveBuilt(app, {
    root: dir,
    prefix: CONSOLE_PREFIX,
    wildcard: false,
    index: false,
    decorateReply: false,
    cacheControl: false,
    setHeaders: cacheHeaders,
  });
  const sendShell = (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(fs.createReadStream(shell));
  app.get('/console', (_request, reply) => reply.redirect(CONSOLE_PREFIX));
  app.get(CONSOLE_PREFIX, sendShell);
  app.get(`${CONSOLE_PREFIX}*`, sendShell);
}

/**
 * Serves the built storefront: hashed assets cached for a year, the shell never cached, and
 * every unknown non-API GET answered with the shell so client routes work on reload (the pages
 * crawlers read, `/` among them, are answered with their own text by the seo feature).
 * Files written at run time (product images, COA PDFs) are served from the file store (files.ts).
 */
export default fp<{ webDir: string; consoleDir: string }>(async (app, opts) => {
  await serveConsole(app, opts.consoleDir);

  const shell = path.join(opts.webDir, 'index.html');
  app.decorate('hasWebShell', fs.existsSync(shell));
  app.decorate('webShell', app.hasWebShell ? fs.readFileSync(shell, 'utf8') : '');
  if (!app.hasWebShell) return;

  await serveBuilt(app, {
    root: opts.webDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // Our own Cache-Control below: immutable for hashed assets, no-cache for the shell.
    cacheControl: false,
    setHeaders: cacheHeaders,
    // The build writes .br and .gz copies of its assets (apps/web/vite.config.ts).
    preCompressed: true,
  });
});
