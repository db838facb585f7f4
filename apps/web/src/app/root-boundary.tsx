import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

/** Scrolls to the top after each navigation (docs/product-rules.md section 2). */
export function RootBoundary() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return <Outlet />;
}
