import type { RouteOptions } from 'fastify';

/**
 * Moves the route's preHandlers that `isGuard` recognises to the end of its onRequest hooks,
 * keeping their order. The auth guards are named as preHandlers throughout the routes but must
 * run before the body is read and validated (domains/session/auth.plugin.ts). New arrays, never
 * the route's own: a GET route's HEAD twin shares them.
 */
export function moveGuardsToOnRequest(
  route: RouteOptions,
  isGuard: (fn: unknown) => boolean,
): void {
  const handlers: unknown[] = route.preHandler === undefined ? [] : [route.preHandler].flat();
  const moved = handlers.filter(isGuard);
  if (moved.length === 0) return;
  route.preHandler = handlers.filter((h) => !isGuard(h)) as RouteOptions['preHandler'];
  const before: unknown[] = route.onRequest === undefined ? [] : [route.onRequest].flat();
  route.onRequest = [...before, ...moved] as RouteOptions['onRequest'];
}
