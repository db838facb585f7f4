import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { loginPath, useIsLoggedIn } from '@/lib/session';

/** A route's `handle` may name the page to come back to after logging in instead of itself. */
export interface MemberRouteHandle {
  loginReturn?: string;
}

/**
 * The one "member only" guard (docs/product-rules.md section 6): a layout route around every
 * member page. A visitor, or a member whose session just ended, goes to /login and comes back.
 */
export function MemberOnly() {
  const loggedIn = useIsLoggedIn();
  const { pathname, search } = useLocation();
  const matches = useMatches();
  if (loggedIn) return <Outlet />;
  const handle = matches.at(-1)?.handle as MemberRouteHandle | undefined;
  return <Navigate to={loginPath(handle?.loginReturn ?? pathname + search)} replace />;
}
