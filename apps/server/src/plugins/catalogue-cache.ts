import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { catalogueVersion } from '../lib/catalogue-version.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's anonymous answers depend only on the catalogue: cached per catalogue version. */
    catalogueCache?: boolean;
  }
  interface FastifyRequest {
    catalogueCacheKey: { key: string; version: number } | null;
  }
}

/** Answers kept per process; the oldest go first. */
const MAX_ENTRIES = 5_000;
/** Longer requests (URL + body) are answered but not cached. */
const MAX_KEY_LENGTH = 1_024;

/**
 * Visitors all get the same catalogue answers, so routes marked `catalogueCache` keep their
 * anonymous answers in process for the current catalogue version (lib/catalogue-version.ts) and
 * send an ETag made of that version and the request, so browsers and a CDN revalidate with
 * If-None-Match and get 304 until the catalogue changes. Requests with a token are never cached:
 * members see member prices.
 */
export default fp<{ enabled: boolean }>(async (app, opts) => {
  app.decorateRequest('catalogueCacheKey', null);
  if (!opts.enabled) return;
  // Answers are kept as the JSON text the route's serializer made: a hit skips the database,
  // the response schema's validation and serialization.
  const cache = new Map<string, { version: number; json: string }>();

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.catalogueCache || request.headers.authorization) return;
    const key = `${request.method} ${request.url} ${request.body === undefined ? '' : JSON.stringify(request.body)}`;
    const version = await catalogueVersion(app.db);
    const etag = `W/"${version}-${createHash('sha1').update(key).digest('base64url')}"`;
    reply.header('ETag', etag).header('Cache-Control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const hit = cache.get(key);
    if (hit && hit.version === version) {
      return reply.type('application/json; charset=utf-8').send(hit.json);
    }
    if (key.length <= MAX_KEY_LENGTH) request.catalogueCacheKey = { key, version };
  });

  app.addHook('preSerialization', async (request, reply, payload) => {
    const entry = request.catalogueCacheKey;
    const json = entry && reply.statusCode === 200 ? reply.serialize(payload) : null;
    if (entry && typeof json === 'string') {
      cache.delete(entry.key);
      cache.set(entry.key, { version: entry.version, json });
      if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value ?? '');
    }
    return payload;
  });
});
