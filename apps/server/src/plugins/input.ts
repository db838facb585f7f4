import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.ts';

/** True when a string anywhere in a parsed body, query or params holds U+0000. */
function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (next !== null && typeof next === 'object') {
      for (const child of Object.values(next)) pending.push(child);
    }
  }
  return false;
}

/**
 * Refuses the NUL character in any request text before validation. PostgreSQL text cannot hold
 * it (the insert would fail as a server error) and no field of the shop needs it, so both
 * databases refuse it alike with a clear message.
 */
export default fp(async (app) => {
  // A plain callback hook: an async one costs every request a promise (docs/performance.md).
  app.addHook('preValidation', (request, _reply, done) => {
    if (holdsNul(request.body) || holdsNul(request.query) || holdsNul(request.params)) {
      done(badRequest('内容包含无效字符'));
      return;
    }
    done();
  });
});
