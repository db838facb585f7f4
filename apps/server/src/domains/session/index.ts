/*
 * Members' sessions: tokens, their renewal and revocation, and the member guards on requests
 * (memberAuth); the staff guard reads tokens the same way.
 */
export { default as memberAuth, memberIdOf, memberSessionOf } from './auth.plugin.ts';
export { REVOKED_KEPT_MS, pruneExpiredSessions } from './session.repository.ts';
export {
  endSession,
  issueToken,
  openSession,
  renewSession,
  revokeAllSessions,
  revokeOtherSessions,
  tokenFromHeader,
} from './session.service.ts';
