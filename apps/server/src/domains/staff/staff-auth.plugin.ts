import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { STAFF_SECURITY_MSG, type Permission } from '@labshop/shared';
import { forbidden } from '../../lib/errors.ts';
import { moveGuardsToOnRequest } from '../../lib/route-hooks.ts';
import { tokenFromHeader } from '../session/index.ts';
import { mustEnrolTwoFactor } from './staff.rules.ts';
import { authenticate, authorize, type StaffIdentity, type StaffSession } from './staff.service.ts';

/**
 * A guard made by requireStaff; it carries the permission so route walkers can read it. Named as
 * a route's preHandler, it runs as its onRequest hook (below).
 */
export type StaffGuard = ((request: FastifyRequest) => Promise<void>) & {
  /** The permission the route needs; null when any logged-in staff may call it. */
  staffPermission: Permission | null;
  /** The route answers staff who must still enrol in two-factor login (STAFF_2FA=required). */
  beforeTwoFactor: boolean;
};

export interface StaffGuardOptions {
  /**
   * Open to staff whom STAFF_2FA=required holds at enrolment: who am I, logging out, the own
   * password and the two-factor routes. Every other route refuses them with 403/603.
   */
  beforeTwoFactor?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff session on /manage routes guarded by requireStaff, else null. */
    staffSession: StaffSession | null;
    /** The logged-in staff member on /manage routes guarded by requireStaff (from `staffSession`). */
    readonly staff: StaffIdentity | null;
  }
  interface FastifyInstance {
    /**
     * Guard for /manage routes, named as their preHandler and run as their onRequest hook, before
     * the body is read, so a caller without a token gets 401, never the body's rules. No token
     * 401/600; a member's, unknown or revoked token 401/601; an idle or too old session 401/602;
     * staff without the permission 403/603.
     * Without a permission any logged-in staff passes. With STAFF_2FA=required, admin and
     * finance staff without two-factor login get 403/603 except on `beforeTwoFactor` routes.
     */
    requireStaff: (permission?: Permission, options?: StaffGuardOptions) => StaffGuard;
  }
}

/** Reads the session a handler guarded by requireStaff may rely on. */
export function staffSessionOf(request: FastifyRequest): StaffSession {
  if (!request.staffSession) throw new Error('requireStaff must guard this route');
  return request.staffSession;
}

/** Reads the staff member a handler guarded by requireStaff may rely on. */
export const staffOf = (request: FastifyRequest): StaffIdentity => staffSessionOf(request).staff;

/** Whether a hook was made by requireStaff. */
export const isStaffGuard = (fn: unknown): fn is StaffGuard =>
  typeof fn === 'function' && 'staffPermission' in fn;

export default fp(async (app) => {
  app.decorateRequest('staffSession', null);
  app.decorateRequest('staff', {
    getter(this: FastifyRequest) {
      return this.staffSession?.staff ?? null;
    },
  });
  app.decorate(
    'requireStaff',
    (permission?: Permission, options: StaffGuardOptions = {}): StaffGuard => {
      const beforeTwoFactor = options.beforeTwoFactor ?? false;
      const guard = async (request: FastifyRequest) => {
        const session = await authenticate(app.db, tokenFromHeader(request.headers.authorization));
        if (
          !beforeTwoFactor &&
          mustEnrolTwoFactor(
            app.config.staffTwoFactor,
            session.staff.roles,
            session.twoFactorEnabled,
          )
        ) {
          throw forbidden(STAFF_SECURITY_MSG.enrolRequired);
        }
        if (permission) authorize(session.staff, permission);
        request.staffSession = session;
      };
      return Object.assign(guard, { staffPermission: permission ?? null, beforeTwoFactor });
    },
  );
  // As the member guards (domains/session/auth.plugin.ts): authentication before validation.
  app.addHook('onRoute', (route) => moveGuardsToOnRequest(route, isStaffGuard));
});
