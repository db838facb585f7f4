import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';

/**
 * The built apps' small files (favicon, pictures, the hashed scripts and styles) kept in memory
 * and answered from there, instead of @fastify/static's file lookups through the thread pool on
 * every request (a stat per encoding tried, then a read stream: docs/performance.md, "Static
 * files"). The answers are the ones @fastify/static and @fastify/compress give (web.ts): the
 * build's .br and .gz copies when the request accepts them, otherwise the file compressed as the
 * compression plugin compresses a stream (same encoder, options and chunks), the same ETag,
 * Last-Modified, Cache-Control and Vary, and 304 to a revalidation that matches. The files are read
 * once at start, as the shell is. A request this does not answer the same way (a range, an
 * If-Match or If-Unmodified-Since, a file too large to keep) goes on to @fastify/static.
 */

/** Files larger than this stream from disk as before. */
const MAX_FILE_BYTES = 256 * 1024;
/** All kept variants together stay under this; the files found later stream from disk. */
const MAX_TOTAL_BYTES = 32 * 1024 * 1024;
/** fs.createReadStream's chunk size: a stream compressor is fed the file in these chunks. */
const READ_CHUNK = 64 * 1024;
/** What the compression plugin (plugins/security.ts, @fastify/compress) does by default. */
const COMPRESSIBLE =
  /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)|octet-stream(?:;|$)/u;
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
/** The build's compressed copies, in @fastify/static's order of preference. */
const COPIES = [
  { encoding: 'br', ext: '.br' },
  { encoding: 'gzip', ext: '.gz' },
] as const;
/** Encodings @fastify/static looks for copies of (there is never a .deflate one). */
const STATIC_ENCODINGS = ['br', 'gzip', 'deflate'];
/** The compression plugin's encodings in its order (zstd first where Node has it). */
const STREAM_ENCODERS: Record<string, (() => NodeJS.ReadWriteStream) | undefined> = {
  zstd: (zlib as { createZstdCompress?: () => NodeJS.ReadWriteStream }).createZstdCompress,
  br: () => zlib.createBrotliCompress(BROTLI_OPTIONS),
  gzip: () => zlib.createGzip(),
  deflate: () => zlib.createDeflate(),
};
const COMPRESS_ENCODINGS = [
  ...(STREAM_ENCODERS.zstd ? ['zstd'] : []),
  'br',
  'gzip',
  'deflate',
  'identity',
];
/** Request headers whose answers @fastify/send works out itself (ranges, preconditions). */
const PASSED_ON = ['range', 'if-range', 'if-match', 'if-unmodified-since', 'x-no-compression'];
/** What a 304 leaves out (@fastify/send). */
const CONTENT_HEADERS = ['content-encoding', 'content-language', 'content-length', 'content-type'];

const mimeDb = createRequire(import.meta.url)('mime-db') as Record<
  string,
  { compressible?: boolean } | undefined
>;

/** One way of sending a file: its bytes and the headers @fastify/static gives them. */
interface Variant {
  body: Buffer;
  headers: Record<string, string>;
  etag: string;
  lastModified: string;
}

interface KeptFile {
  contentType: string;
  compressible: boolean;
  identity: Variant;
  /** The build's copies by encoding. */
  copies: Map<string, Variant>;
  /**
   * The file as the compression plugin's stream compressors give it, by encoding: worked out on
   * the first request that needs it (that one still goes through the plugins), not at start.
   */
  compressed: Map<string, Buffer | 'pending'>;
}

/** The kept files by route, and the bytes they hold (MAX_TOTAL_BYTES at most). */
export interface KeptFiles {
  files: Map<string, KeptFile>;
  bytes: number;
}

function contentTypeOf(file: string): string {
  const type = send.mime.getType(file) ?? 'application/octet-stream';
  return send.isUtf8MimeType(type) ? `${type}; charset=utf-8` : type;
}

function isCompressible(type: string): boolean {
  if (COMPRESSIBLE.test(type)) return true;
  return mimeDb[type.split(';', 1)[0]!.trim().toLowerCase()]?.compressible === true;
}

/** Gzip or zlib data is passed through uncompressed by the compression plugin. */
function looksCompressed(b: Buffer): boolean {
  const gzip = b.length > 2 && b[0] === 0x1f && b[1] === 0x8b && b[2] === 0x08;
  const deflate =
    b.length > 1 &&
    (b[0]! & 0x0f) === 0x08 &&
    (b[0]! & 0x80) === 0 &&
    ((b[0]! << 8) + b[1]!) % 31 === 0;
  return gzip || deflate;
}

async function compressAsStreamed(body: Buffer, encoder: () => NodeJS.ReadWriteStream) {
  const chunks: Buffer[] = [];
  const source = Readable.from(
    Array.from({ length: Math.ceil(body.length / READ_CHUNK) }, (_, i) =>
      body.subarray(i * READ_CHUNK, (i + 1) * READ_CHUNK),
    ),
  );
  for await (const chunk of source.pipe(encoder())) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every file below root that @fastify/static serves (no dot-folders or dot-files). */
function* servedFiles(root: string, dir = ''): Generator<string> {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) yield* servedFiles(root, rel);
    else if (entry.isFile()) yield rel;
  }
}

/**
 * Reads the small files below root into memory with their answers worked out. cacheHeaders sets
 * the Cache-Control and Vary the web plugin gives each file.
 */
export function keepStaticFiles(
  root: string,
  prefix: string,
  cacheHeaders: (res: { setHeader(k: string, v: string): void }, filePath: string) => void,
): KeptFiles {
  const kept: KeptFiles = { files: new Map(), bytes: 0 };
  const variant = (file: string, stat: fs.Stats, contentType: string): Variant => {
    const headers: Record<string, string> = {};
    cacheHeaders({ setHeader: (k, v) => (headers[k.toLowerCase()] = v) }, file);
    const etag = `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;
    const lastModified = stat.mtime.toUTCString();
    Object.assign(headers, {
      'accept-ranges': 'bytes',
      'last-modified': lastModified,
      etag,
      'content-type': contentType,
    });
    return { body: fs.readFileSync(file), headers, etag, lastModified };
  };
  for (const rel of servedFiles(root)) {
    const file = path.join(root, rel);
    const stat = fs.statSync(file);
    if (stat.size === 0 || stat.size > MAX_FILE_BYTES) continue;
    const contentType = contentTypeOf(file);
    // The compression plugin would label it compressed yet pass it through: left to it.
    const compressible = isCompressible(contentType);
    if (compressible && looksCompressed(fs.readFileSync(file))) continue;
    const identity = variant(file, stat, contentType);
    const copies = new Map<string, Variant>();
    for (const { encoding, ext } of COPIES) {
      const copyStat = fs.statSync(file + ext, { throwIfNoEntry: false });
      if (!copyStat?.isFile() || copyStat.size > MAX_FILE_BYTES) continue;
      const copy = variant(file + ext, copyStat, contentType);
      copy.headers['content-encoding'] = encoding;
      copies.set(encoding, copy);
    }
    const size = identity.body.length + [...copies.values()].reduce((n, c) => n + c.body.length, 0);
    if (kept.bytes + size > MAX_TOTAL_BYTES) continue;
    kept.bytes += size;
    kept.files.set(prefix + rel, {
      contentType,
      compressible,
      identity,
      copies,
      compressed: new Map(),
    });
  }
  return kept;
}

/** Compresses a kept file for an encoding in the background, within the bytes allowed. */
function compressLater(kept: KeptFiles, file: KeptFile, encoding: string): void {
  const encoder = STREAM_ENCODERS[encoding];
  if (!encoder || file.compressed.has(encoding)) return;
  file.compressed.set(encoding, 'pending');
  compressAsStreamed(file.identity.body, encoder).then(
    (body) => {
      if (kept.bytes + body.length > MAX_TOTAL_BYTES) return;
      kept.bytes += body.length;
      file.compressed.set(encoding, body);
    },
    // Left to the compression plugin, as before.
    () => undefined,
  );
}

/** @fastify/send's revalidation check: true when the client's copy is current. */
function notModified(request: FastifyRequest, v: Variant): boolean {
  const h = request.headers;
  if (h['if-none-match'] === undefined && h['if-modified-since'] === undefined) return false;
  if (h['cache-control']?.includes('no-cache')) return false;
  const ifNoneMatch = h['if-none-match'];
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch === '*') return true;
    return ifNoneMatch
      .split(',')
      .map((t) => t.trim())
      .some((t) => t === v.etag || `W/${t}` === v.etag);
  }
  const since = Date.parse(h['if-modified-since'] ?? '');
  return Date.parse(v.lastModified) <= since;
}

/** The request's Accept-Encoding as each plugin reads it, or undefined when absent. */
function acceptEncoding(request: FastifyRequest, gzipAliases: RegExp): string | undefined {
  const header = request.headers['accept-encoding'];
  return header === undefined ? undefined : header.toLowerCase().replace(gzipAliases, 'gzip');
}

/** The compression plugin's Vary: accept-encoding added unless a value names it (in lower case). */
function varyWithEncoding(vary: string | undefined): string {
  if (vary === undefined) return 'accept-encoding';
  return vary.includes('accept-encoding') ? vary : `${vary}, accept-encoding`;
}

function answer(
  reply: FastifyReply,
  status: number,
  headers: Record<string, string>,
  body: Buffer,
) {
  reply.code(status).headers(headers);
  if (status === 304) {
    reply.removeHeader('content-length');
    reply.send();
    return;
  }
  reply.send(body);
}

/**
 * An onRequest hook for the static routes of one app: answers a kept file from memory, the way
 * @fastify/static with preCompressed copies and then the compression plugin would, or lets the
 * request go on to them.
 */
export function serveKeptFiles(kept: KeptFiles): onRequestHookHandler {
  return (request, reply, done) => {
    const file = kept.files.get(request.routeOptions.url ?? '');
    if (!file || PASSED_ON.some((h) => request.headers[h] !== undefined)) {
      done();
      return;
    }
    // @fastify/static: the best accepted encoding that the build has a copy of.
    const staticHeader = acceptEncoding(request, /\*/gu);
    const copyEncoding =
      staticHeader === undefined
        ? undefined
        : negotiate(
            staticHeader,
            STATIC_ENCODINGS.filter((e) => file.copies.has(e)),
          );
    const copy = copyEncoding ? file.copies.get(copyEncoding) : undefined;
    if (copy) {
      if (notModified(request, copy)) {
        const headers = { ...copy.headers };
        for (const h of CONTENT_HEADERS) delete headers[h];
        // @fastify/static sets these again after a 304 of a copy.
        headers['content-type'] = file.contentType;
        headers['content-encoding'] = copyEncoding!;
        answer(reply, 304, headers, copy.body);
      } else answer(reply, 200, copy.headers, copy.body);
      return;
    }
    // Otherwise the file itself, which the compression plugin compresses on its way out. A 304
    // it labels with the encoding too (its empty body has no type, which counts as JSON).
    const { identity } = file;
    const compressHeader = acceptEncoding(request, /\*|x-gzip/gu);
    const negotiated =
      compressHeader === undefined ? undefined : negotiate(compressHeader, COMPRESS_ENCODINGS);
    const encoding = negotiated === 'identity' ? undefined : negotiated;
    const labelled = (headers: Record<string, string>) => ({
      ...headers,
      vary: varyWithEncoding(headers.vary),
      'content-encoding': encoding!,
    });
    if (notModified(request, identity)) {
      const headers = { ...identity.headers };
      for (const h of CONTENT_HEADERS) delete headers[h];
      answer(reply, 304, encoding ? labelled(headers) : headers, identity.body);
      return;
    }
    if (!encoding || !file.compressible) {
      answer(reply, 200, identity.headers, identity.body);
      return;
    }
    const compressed = file.compressed.get(encoding);
    if (compressed instanceof Buffer) {
      answer(reply, 200, labelled(identity.headers), compressed);
      return;
    }
    // Not compressed for this encoding yet: the plugins answer this one.
    compressLater(kept, file, encoding);
    done();
  };
}
