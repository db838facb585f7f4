import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import fp from 'fastify-plugin';
import type {
  FastifyReply,
  FastifyRequest,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { ResultCode } from '@labshop/shared';
import { now } from '../../lib/clock.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import * as repo from './idempotency.repository.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route accepts an `Idempotency-Key` header: the first answer per caller and key is kept
     * and a retry or a concurrent duplicate gets it instead of running the handler again.
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** Set while this request holds an idempotency key; its answer is stored on send. */
    idempotencyClaim: { id: string; secret: Buffer } | null;
  }
}

const IDEMPOTENCY_HEADER = 'idempotency-key';
export const KEY_REUSED = '请求标识已用于其他请求，请刷新后重试';
const STILL_RUNNING = '请求正在处理中，请稍后查看结果';
const BAD_KEY = '请求标识（Idempotency-Key）有误';

/** Printable ASCII; clients send a UUID per submit attempt. */
const KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;
/** How long a duplicate waits for the first request's answer before it is told to look later. */
const WAIT_MS = 15_000;
const POLL_MS = 50;
/** A claim this old without an answer belongs to a request whose instance died. */
const ABANDONED_MS = 120_000;
/** Answers kept for retries; the prune job drops older ones. */
export const KEEP_ANSWERS_MS = 24 * 60 * 60 * 1000;

/**
 * Answers a retry should not repeat: a server fault or a refusal that depends on the moment
 * (rate limit, expired session) frees the key so the same attempt can run again.
 */
const isRepeatable = (status: number) => status < 500 && status !== 401 && status !== 429;

/**
 * Who the key belongs to: the member or staff the auth hooks found, else the visitor's address
 * (keys are random per attempt, so the address only keeps one visitor from replaying another's).
 */
function callerOf(request: FastifyRequest): string {
  if (request.memberId !== null) return `member:${request.memberId}`;
  if (request.staff) return `staff:${request.staff.id}`;
  return `ip:${request.ip}`;
}

const sha256 = (...parts: string[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\u0000');
  return hash;
};

function encrypt(secret: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secret, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

function decrypt(secret: Buffer, stored: string): string {
  const raw = Buffer.from(stored, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', secret, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

export default fp(async (app) => {
  app.decorateRequest('idempotencyClaim', null);

  const claim: preHandlerAsyncHookHandler = async function (request, reply) {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw badRequest(BAD_KEY);
    const caller = callerOf(request);
    const id = sha256('id', caller, header).digest('hex');
    const secret = sha256('answer', caller, header).digest();
    const fingerprint = sha256(
      request.method,
      request.routeOptions.url ?? request.url,
      JSON.stringify(request.params ?? null),
      JSON.stringify(request.body ?? null),
    ).digest('hex');

    const deadline = now() + WAIT_MS;
    for (;;) {
      if (await repo.claimKey(app.db, id, fingerprint, now())) {
        request.idempotencyClaim = { id, secret };
        return;
      }
      const held = await repo.findKey(app.db, id);
      if (held) {
        if (held.fingerprint !== fingerprint) throw badRequest(KEY_REUSED);
        if (held.statusCode !== null) {
          return replay(reply, held.statusCode, decrypt(secret, held.answer));
        }
        if (held.createdAt < now() - ABANDONED_MS) {
          if (await repo.takeOverKey(app.db, id, held.createdAt, now())) {
            request.idempotencyClaim = { id, secret };
            return;
          }
        }
      }
      if (now() >= deadline) throw new AppError(409, ResultCode.ERROR, STILL_RUNNING);
      await sleep(POLL_MS);
    }
  };

  const store: onSendAsyncHookHandler = async function (request, reply, payload) {
    await settleIdempotency(request, reply.statusCode, payload);
    return payload;
  };

  // Appended to the route's own preHandlers, so the auth guard has found the caller first.
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    const before = route.preHandler;
    route.preHandler = [...(before === undefined ? [] : [before].flat()), claim];
    const sends = route.onSend;
    route.onSend = [...(sends === undefined ? [] : [sends].flat()), store];
  });
});

/**
 * Keeps the answer of a request holding an idempotency key, or frees the key when the answer is
 * not one to repeat. The send hook calls it; a route that writes its answer itself (a streamed
 * import) calls it with the final envelope.
 */
export async function settleIdempotency(
  request: FastifyRequest,
  statusCode: number,
  payload: unknown,
): Promise<void> {
  const held = request.idempotencyClaim;
  if (!held) return;
  request.idempotencyClaim = null;
  const db = request.server.db;
  try {
    if (isRepeatable(statusCode) && typeof payload === 'string') {
      await repo.storeAnswer(db, held.id, statusCode, encrypt(held.secret, payload));
    } else {
      await repo.releaseKey(db, held.id);
    }
  } catch (err) {
    // The answer still goes out; a retry with this key then waits and is told to look later.
    request.log.error({ err }, 'idempotency answer not stored');
  }
}

function replay(reply: FastifyReply, statusCode: number, answer: string): FastifyReply {
  return reply
    .status(statusCode)
    .header('content-type', 'application/json; charset=utf-8')
    .header('idempotent-replayed', 'true')
    .send(answer);
}
