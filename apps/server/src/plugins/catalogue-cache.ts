import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { LRUCache } from 'lru-cache';
import { fastSerializerCompiler } from '../lib/fast-serializer.ts';
import { catalogueDayVersion } from '../lib/catalogue-version.ts';
import { keptPerVersion } from '../lib/kept-per-version.ts';
import { orgIdOf } from '../lib/org-of-request.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's anonymous answers depend only on the catalogue: cached per catalogue version. */
    catalogueCache?: boolean;
    /**
     * Also cache members' answers, in entries of their own: only for routes whose answers depend on
     * whether a member asks (member prices), never on which one (history, favourites).
     */
    catalogueCacheForMembers?: boolean;
  }
  interface FastifyRequest {
    /** Where a miss's answer is to be kept: its key, in the cache of the version it was read in. */
    catalogueCacheKey: {
      key: string;
      answers: LRUCache<string, Entry>;
      etag: string | undefined;
    } | null;
  }
}

/** Answers kept per process; the least recently used go first. */
const MAX_ENTRIES = 5_000;
/** Longer requests (URL + body) are answered but not cached. */
const MAX_KEY_LENGTH = 1_024;

/** A cached answer: the bytes sent (compressed for the request's Accept-Encoding, or JSON text). */
interface Entry {
  body: string | Buffer;
  /** The Content-Encoding of `body`, when compressed. */
  encoding: string | undefined;
  /** A visitor's answer's ETag, kept so a hit does not hash its request again. */
  etag: string | undefined;
}

/**
 * Visitors all get the same catalogue answers, so routes marked `catalogueCache` keep their
 * anonymous answers in process for the current catalogue version (lib/catalogue-version.ts) and
 * send an ETag made of that version and the request, so browsers and a CDN revalidate with
 * If-None-Match and get 304 until the catalogue changes. Requests with a token never get a
 * visitor's answer: members see member prices. Routes marked `catalogueCacheForMembers` keep the
 * answers of members (once the route's own guard has checked the token) apart from visitors',
 * without an ETag, since a shared cache must never hold them.
 * The same routes are serialized by fast-json-stringify (lib/fast-serializer.ts), cache or not.
 */
export default fp<{ enabled: boolean }>(async (app, opts) => {
  app.decorateRequest('catalogueCacheKey', null);
  // Registered after the compression plugin, so this route-level onSend hook runs after its own
  // and sees the bytes as they are sent; catalogue answers keep them, already compressed.
  // The lookup is the first preHandler of these routes only (before their own guards), so other
  // routes do not pass through it (docs/performance.md, "The request pipeline").
  app.addHook('onRoute', (route) => {
    if (!route.config?.catalogueCache) return;
    route.serializerCompiler ??= fastSerializerCompiler;
    if (!opts.enabled) return;
    route.preHandler = [
      lookUp,
      ...toArray(route.preHandler),
      ...(route.config.catalogueCacheForMembers ? [lookUpMember] : []),
    ];
    route.onSend = [...toArray(route.onSend), keepAnswer];
  });
  // Keyed by request and Accept-Encoding: a hit skips the database, the serialization and the
  // compression.
  const keptAnswers = keptPerVersion<string, Entry>('catalogue answers', catalogueDayVersion, {
    max: MAX_ENTRIES,
  });

  async function lookUp(request: FastifyRequest, reply: FastifyReply) {
    if (request.headers.authorization) return;
    const key = requestKey(request);
    const found = await find(request, key);
    const etag = found.hit?.etag ?? (await etagOf(key));
    reply.header('ETag', etag).header('Cache-Control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return answerOrMark(request, reply, found, etag);
  }

  // After the route's optionalMember: only a valid token reads or fills the members' entries.
  // A member's request naming an organization may answer its contract prices: never kept, so no
  // one else (nor a later price list) is answered from it.
  async function lookUpMember(request: FastifyRequest, reply: FastifyReply) {
    if (request.memberId === null || orgIdOf(request) !== null) return;
    const found = await find(request, `member ${requestKey(request)}`);
    return answerOrMark(request, reply, found, undefined);
  }

  /** The kept answer of a request, by its key and Accept-Encoding. */
  async function find(request: FastifyRequest, key: string) {
    const answers = await keptAnswers(app.db);
    const stored = `${key} ${request.headers['accept-encoding'] ?? ''}`;
    return { stored, answers, hit: answers.get(stored), cacheable: key.length <= MAX_KEY_LENGTH };
  }

  /** The version and the request: browsers and a CDN revalidate until the catalogue changes. */
  async function etagOf(key: string) {
    const version = await catalogueDayVersion(app.db);
    return `W/"${version}-${createHash('sha1').update(key).digest('base64url')}"`;
  }

  /** Sends the kept answer, or marks the request for keepAnswer to keep its own. */
  function answerOrMark(
    request: FastifyRequest,
    reply: FastifyReply,
    { stored, answers, hit, cacheable }: Awaited<ReturnType<typeof find>>,
    etag: string | undefined,
  ) {
    if (hit) {
      reply.type('application/json; charset=utf-8');
      if (hit.encoding)
        reply.header('Content-Encoding', hit.encoding).header('Vary', 'accept-encoding');
      return reply.send(hit.body);
    }
    if (cacheable) request.catalogueCacheKey = { key: stored, answers, etag };
  }

  function keepAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (err: null, payload: unknown) => void,
  ) {
    const entry = request.catalogueCacheKey;
    if (
      entry &&
      reply.statusCode === 200 &&
      (typeof payload === 'string' || Buffer.isBuffer(payload))
    ) {
      const encoding = reply.getHeader('Content-Encoding');
      entry.answers.set(entry.key, {
        body: payload,
        encoding: typeof encoding === 'string' ? encoding : undefined,
        etag: entry.etag,
      });
    }
    done(null, payload);
  }
});

const requestKey = (request: FastifyRequest) =>
  `${request.method} ${request.url} ${request.body === undefined ? '' : JSON.stringify(request.body)}`;

const toArray = <T>(v: T | T[] | undefined): T[] =>
  v === undefined ? [] : Array.isArray(v) ? v : [v];
