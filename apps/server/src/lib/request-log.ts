import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';

/** Writes up to this size are never split or mixed with another process's on a pipe (PIPE_BUF). */
const ATOMIC_WRITE = 4096;
/** Lines are held until this many bytes wait (about ten request lines)... */
const BATCH = 2048;
/** ...or this many milliseconds have passed. */
const FLUSH_MS = 200;

/**
 * One log line per request, written when the answer has gone, instead of Fastify's two (one on
 * arrival, one on completion): method, url, status, duration in ms and, from the request's child
 * logger, `reqId` (the X-Request-Id header). Every other line Fastify writes (a failed write, a
 * serializer fault) stays as it is. docs/performance.md, "The request pipeline".
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/**
 * Where the server's JSON log lines go: stdout by default, written asynchronously (the request
 * that logs does not wait for the write) and in batches of at least BATCH bytes or every
 * FLUSH_MS, so most lines share one hand-off to the thread pool instead of one each
 * (docs/performance.md, "The request pipeline"). Lines held when the process ends are written by
 * pino's exit hook; a SIGKILL loses the last FLUSH_MS of them. Each write holds whole lines and at
 * most ATOMIC_WRITE bytes, so workers sharing one stdout pipe never interleave a line.
 */
export function logDestination(fd = 1) {
  return pino.destination({
    dest: fd,
    sync: false,
    minLength: BATCH,
    maxWrite: ATOMIC_WRITE,
    periodicFlush: FLUSH_MS,
  });
}
