import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ResultCode } from '@labshop/shared';
import { GENERIC_ISSUE_PREFIX } from '@labshop/shared/schemas';
import { AppError } from '../lib/errors.ts';
import { isUniqueViolation } from '../db/unique.ts';
import { isApiPath } from './web.ts';

/** Fastify's own client-error codes and the Chinese text we answer them with. */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是有效的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体不能为空',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求体过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求类型',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求长度有误',
  FST_ERR_VALIDATION: '请求参数有误',
  FST_ERR_BAD_URL: '请求地址有误',
  FST_ERR_MAX_PARAM_LENGTH: '请求地址过长',
};

/** The answer to a duplicate that only the database's unique key caught. */
export const CONCURRENT_DUPLICATE = '数据已被同时提交或修改，请刷新后重试';

function validationMessage(err: FastifyError): string {
  const first = err.validation?.[0];
  if (!first) return '请求参数有误';
  const message = first.message ?? '请求参数有误';
  if (!message.startsWith(GENERIC_ISSUE_PREFIX)) return message;
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return field ? `参数 ${field} 有误：${message.slice(GENERIC_ISSUE_PREFIX.length)}` : message;
}

/**
 * A 500 answer names the request (its id is in every log line of the request, `reqId`), so a
 * support call can find the error's log line; nothing else about the fault leaves the server.
 */
const serverError = (request: FastifyRequest) => ({
  code: ResultCode.ERROR,
  msg: '服务器繁忙，请稍后重试',
  data: null,
  requestId: String(request.id),
});

/**
 * Fastify's `frameworkErrors` option: URLs it refuses before routing (bad percent-encoding, an
 * over-long path parameter) would otherwise get Fastify's own English JSON instead of the envelope.
 */
export function frameworkErrors(
  err: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  // Routing never started, so the security plugin's hooks did not run for this answer.
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
  const status = err.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err }, 'framework error');
    void reply.status(500).send(serverError(request));
    return;
  }
  const msg = FASTIFY_CLIENT_ERRORS[err.code] ?? '请求有误';
  void reply.status(status).send({ code: ResultCode.ERROR, msg, data: null });
}

/**
 * Every answer, error or not, is the `{ code, msg, data }` envelope with a status that tells the
 * class (docs/api.md). Internals never leak: unexpected errors are logged and answered
 * with a plain 500 envelope.
 */
export default fp(async (app) => {
  // A plain callback hook: an async one costs every request a promise (docs/performance.md).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', String(request.id));
    done();
  });

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.httpStatus).send({ code: err.code, msg: err.message, data: null });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply
        .status(400)
        .send({ code: ResultCode.ERROR, msg: validationMessage(err), data: null });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ code: ResultCode.ERROR, msg: '操作过于频繁，请稍后再试', data: null });
    }
    if (status >= 400 && status < 500) {
      const msg = (err.code && FASTIFY_CLIENT_ERRORS[err.code]) ?? '请求有误';
      return reply.status(status).send({ code: ResultCode.ERROR, msg, data: null });
    }
    // A write that met a unique key its feature does not name (docs/api.md, "Envelope and
    // status codes"): the same data arrived twice at once, so the caller gets a 400, not a 500.
    if (isUniqueViolation(err)) {
      request.log.warn({ err }, 'unique key met by a concurrent write');
      return reply
        .status(400)
        .send({ code: ResultCode.ERROR, msg: CONCURRENT_DUPLICATE, data: null });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(serverError(request));
  });

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (wantsPage && app.hasWebShell && !isApiPath(request.url)) {
      // The shell is read once at start (plugins/web.ts): the static files live in their own
      // scope, so this handler answers the text itself.
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(app.webShell);
    }
    return reply.status(404).send({ code: ResultCode.ERROR, msg: '接口不存在', data: null });
  });
});
