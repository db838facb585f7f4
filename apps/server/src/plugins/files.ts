import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/errors.ts';
import {
  FILE_MISSING,
  PUBLIC_AREA,
  isValidKey,
  type FileStore,
  type StoredFile,
} from '../lib/file-store/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's one file store (lib/file-store): every feature keeps and reads files here. */
    files: FileStore;
  }
}

/** Pictures change name when they change, so a day's caching never shows a stale one. */
const PUBLIC_CACHE = 'public, max-age=86400';

/** A validator of the file as it is stored, cheap to compare (no hash needed). */
export const etagOf = (file: StoredFile) =>
  `"${file.size.toString(16)}-${file.modifiedAt.toString(16)}"`;

/**
 * Serves `/files/...` from the file store, on every instance alike: the stored pictures (uploads,
 * the demo seed's pictures). Folders listed in `hiddenDirs` (certificates, which open only through
 * their signed links) and names starting with a dot are never served at their path, and nothing
 * outside the public area can be named. A file that is not there answers 404 文件不存在.
 */
export default fp<{ store: FileStore; hiddenDirs: readonly string[] }>(async (app, opts) => {
  app.decorate('files', opts.store);

  /** The store's key a request names, or 404 when it names nothing that may be served. */
  const keyOf = (request: FastifyRequest): string => {
    const rest = (request.params as { '*'?: string })['*'] ?? '';
    const key = `${PUBLIC_AREA}/${rest}`;
    const hidden =
      opts.hiddenDirs.some((dir) => rest.startsWith(`${dir}/`)) ||
      rest.split('/').some((segment) => segment.startsWith('.'));
    if (hidden || !isValidKey(key)) throw notFound(FILE_MISSING);
    return key;
  };
  const describe = (reply: FastifyReply, file: StoredFile) =>
    reply
      .type(file.type)
      .header('Content-Length', file.size)
      .header('Last-Modified', new Date(file.modifiedAt).toUTCString());

  // Declared before the GET route so that Fastify does not derive HEAD from it: a HEAD answers
  // from the store's record of the file and never opens its bytes (a large PDF in the database
  // store would otherwise be read only to be thrown away).
  app.head('/files/*', { schema: { hide: true } }, async (request, reply) => {
    const file = await opts.store.stat(keyOf(request));
    if (!file) throw notFound(FILE_MISSING);
    reply.header('Cache-Control', PUBLIC_CACHE).header('ETag', etagOf(file));
    return describe(reply, file).send();
  });

  app.get('/files/*', { schema: { hide: true } }, async (request, reply) => {
    const found = await opts.store.get(keyOf(request));
    if (!found) throw notFound(FILE_MISSING);
    const etag = etagOf(found.file);
    reply.header('Cache-Control', PUBLIC_CACHE).header('ETag', etag);
    if (request.headers['if-none-match'] === etag) {
      found.stream.destroy();
      return reply.code(304).send();
    }
    return describe(reply, found.file).send(found.stream);
  });
});
