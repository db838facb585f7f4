import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { checkToken, rejectToken, tokenFromHeader } from '../features/session/session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in member's id, or null for a visitor. Set by the auth hooks. */
    memberId: number | null;
  }
  interface FastifyInstance {
    /** preHandler: answers 401 (600/601/602) unless a valid token is sent. */
    requireMember: (request: FastifyRequest) => Promise<void>;
    /** preHandler: sets memberId when a valid token is sent; anything else browses as a visitor. */
    optionalMember: (request: FastifyRequest) => Promise<void>;
  }
}

/** Reads the member id a handler guarded by requireMember may rely on. */
export function memberIdOf(request: FastifyRequest): number {
  if (request.memberId === null) throw new Error('requireMember must guard this route');
  return request.memberId;
}

export default fp(async (app) => {
  app.decorateRequest('memberId', null);

  app.decorate('requireMember', async (request: FastifyRequest) => {
    const check = await checkToken(app.db, tokenFromHeader(request.headers.authorization));
    if (check.kind !== 'valid') rejectToken(check);
    request.memberId = check.userId;
  });

  app.decorate('optionalMember', async (request: FastifyRequest) => {
    const check = await checkToken(app.db, tokenFromHeader(request.headers.authorization));
    request.memberId = check.kind === 'valid' ? check.userId : null;
  });
});
