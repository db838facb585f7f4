import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/** Paths that belong to the API: they never fall back to the storefront shell. */
export const API_PREFIXES = ['/client/', '/yifanglab-client/', '/manage/', '/files/'];
export const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p));

declare module 'fastify' {
  interface FastifyInstance {
    /** True when the built storefront is there to serve. */
    hasWebShell: boolean;
    /** The built index.html, read once at start; the page routes fill in each page's text. */
    webShell: string;
  }
}

/**
 * Serves the built storefront: hashed assets cached for a year, the shell never cached, and
 * every unknown non-API GET answered with the shell so client routes work on reload (the pages
 * crawlers read, `/` among them, are answered with their own text by the seo feature).
 * Files written at run time (product images, COA PDFs) are served from DATA_DIR/files.
 */
export default fp<{ webDir: string; filesDir: string }>(async (app, opts) => {
  fs.mkdirSync(opts.filesDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: opts.filesDir,
    prefix: '/files/',
    decorateReply: false,
    maxAge: '1d',
  });

  const shell = path.join(opts.webDir, 'index.html');
  app.decorate('hasWebShell', fs.existsSync(shell));
  app.decorate('webShell', app.hasWebShell ? fs.readFileSync(shell, 'utf8') : '');
  if (!app.hasWebShell) return;

  await app.register(fastifyStatic, {
    root: opts.webDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // Our own Cache-Control below: immutable for hashed assets, no-cache for the shell.
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
});
