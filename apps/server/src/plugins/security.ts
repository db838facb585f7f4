import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import compress from '@fastify/compress';

const { BROTLI_PARAM_LGWIN, BROTLI_MIN_WINDOW_BITS, BROTLI_DEFAULT_WINDOW } = zlib.constants;

/**
 * Brotli for buffered answers with a window just large enough to hold the answer: the same
 * compression as the default 4 MB window (nothing can refer further back than the answer's
 * start), without setting up that window for every answer (about a third of the cost).
 */
function brotliCompressSync(buffer: zlib.InputType, options: zlib.BrotliOptions = {}) {
  const size = typeof buffer === 'string' ? Buffer.byteLength(buffer) : buffer.byteLength;
  // Brotli's window holds 2^bits - 16 bytes.
  const bits = Math.min(
    BROTLI_DEFAULT_WINDOW,
    Math.max(BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 16))),
  );
  return zlib.brotliCompressSync(buffer, {
    ...options,
    params: { ...options.params, [BROTLI_PARAM_LGWIN]: bits },
  });
}

/** helmet's options for the shop; the answer to every request carries the headers they give. */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // React style props render as inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      // The console shows a buyer's PDF document from a blob: address (never a public file).
      frameSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  hsts: false,
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet sets with these options, worked out once: they are the same for every
 * answer (no nonces), and helmet's Fastify plugin builds them anew in two hooks per request
 * (docs/performance.md, "The request pipeline").
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)(
    {} as IncomingMessage,
    collector as unknown as ServerResponse,
    (err?: unknown) => {
      if (err instanceof Error) throw err;
    },
  );
  return headers;
}

/**
 * Security headers on every answer (CSP, nosniff, frame-ancestors; HSTS only over TLS) and
 * compression of every answer large enough to benefit.
 */
export default fp(async (app) => {
  const headers = helmetHeaders(HELMET_OPTIONS);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    done();
  });
  // JSON answers (up to 64 KB) are compressed in one synchronous call: on a small host a
  // per-response zlib stream costs several times the compression itself.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    syncThreshold: 65_536,
    // Only the buffered brotli call is replaced; streams and the other encodings are zlib's own.
    zlib: { brotliCompressSync },
  });
});
