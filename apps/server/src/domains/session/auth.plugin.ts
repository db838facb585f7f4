import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { moveGuardsToOnRequest } from '../../lib/route-hooks.ts';
import { checkToken, rejectToken, tokenFromHeader, type MemberSession } from './session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in member's session, or null for a visitor. Set by the auth hooks. */
    member: MemberSession | null;
    /** The logged-in member's id, or null for a visitor (read from `member`). */
    readonly memberId: number | null;
  }
  interface FastifyInstance {
    /**
     * Answers 401 (600/601/602) unless a valid token is sent. Named as a route's preHandler, it
     * runs as its onRequest hook (see below), so a caller without a token learns nothing of the
     * body's rules.
     */
    requireMember: (request: FastifyRequest) => Promise<void>;
    /** preHandler: sets the member when a valid token is sent; anything else browses as a visitor. */
    optionalMember: (request: FastifyRequest) => Promise<void>;
    /**
     * For renewing a token: like requireMember (onRequest too), but a session that expired while
     * still renewable passes too (401/602 once it is past renewal).
     */
    renewableMember: (request: FastifyRequest) => Promise<void>;
  }
}

/** Reads the session a handler guarded by requireMember (or renewableMember) may rely on. */
export function memberSessionOf(request: FastifyRequest): MemberSession {
  if (request.member === null) throw new Error('requireMember must guard this route');
  return request.member;
}

/** Reads the member id a handler guarded by requireMember may rely on. */
export const memberIdOf = (request: FastifyRequest): number => memberSessionOf(request).userId;

export default fp(async (app) => {
  app.decorateRequest('member', null);
  app.decorateRequest('memberId', {
    getter(this: FastifyRequest) {
      return this.member?.userId ?? null;
    },
  });

  const check = (request: FastifyRequest) =>
    checkToken(app.db, tokenFromHeader(request.headers.authorization));

  app.decorate('requireMember', async (request: FastifyRequest) => {
    const found = await check(request);
    if (found.kind !== 'valid') rejectToken(found);
    request.member = { userId: found.userId, sessionId: found.sessionId };
  });

  app.decorate('optionalMember', async (request: FastifyRequest) => {
    const found = await check(request);
    request.member =
      found.kind === 'valid' ? { userId: found.userId, sessionId: found.sessionId } : null;
  });

  app.decorate('renewableMember', async (request: FastifyRequest) => {
    const found = await check(request);
    if (found.kind === 'missing' || found.kind === 'invalid') rejectToken(found);
    if (found.kind === 'expired' && !found.renewable) rejectToken(found);
    request.member = { userId: found.userId, sessionId: found.sessionId };
  });

  // Fastify runs preHandlers after the body is parsed and validated: a guard left there would
  // answer a caller without a token with the body's validation messages (400) instead of 401.
  // Moved to onRequest, it refuses before the body is even read (docs/api.md, "Security rules").
  const guards = new Set<unknown>([app.requireMember, app.renewableMember]);
  app.addHook('onRoute', (route) => moveGuardsToOnRequest(route, (fn) => guards.has(fn)));
});
