import { Navigate, type RouteObject } from 'react-router';
import { MainLayout } from '@/components/layout/main-layout';
import { MemberOnly, type MemberRouteHandle } from './member-only';
import { RootBoundary } from './root-boundary';

/** Lazily loaded page: each route ships only its own code. */
const page = (
  load: () => Promise<{ default: React.ComponentType }>,
): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/**
 * The route table of docs/product-rules.md section 2. The browser makes its router from it
 * (main.tsx), the server renders the first view with it (entry-server.tsx).
 */
export const routes: RouteObject[] = [
  {
    element: <RootBoundary />,
    children: [
      { path: '/login', ...page(() => import('./routes/login')) },
      { path: '/survey', ...page(() => import('./routes/survey')) },
      { path: '/punchout/start', ...page(() => import('./routes/punchout-start')) },
      {
        element: <MainLayout />,
        children: [
          { path: '/', ...page(() => import('./routes/home')) },
          { path: '/products', ...page(() => import('./routes/products')) },
          { path: '/products/:id', ...page(() => import('./routes/product-detail')) },
          { path: '/search', ...page(() => import('./routes/search')) },
          { path: '/customizing', ...page(() => import('./routes/customizing')) },
          { path: '/certificate', ...page(() => import('./routes/certificate')) },
          { path: '/literature', ...page(() => import('./routes/literature')) },
          { path: '/literature/:id', ...page(() => import('./routes/literature-detail')) },
          { path: '/article/:id', ...page(() => import('./routes/article')) },
          { path: '/about', ...page(() => import('./routes/about')) },
          { path: '/bulk-inquiry', ...page(() => import('./routes/bulk-inquiry')) },
          {
            element: <MemberOnly />,
            children: [
              { path: '/userinfo/:page', ...page(() => import('./routes/userinfo')) },
              { path: '/cart', ...page(() => import('./routes/cart')) },
              { path: '/quick-order', ...page(() => import('./routes/quick-order')) },
              { path: '/quote/:id', ...page(() => import('./routes/quote-detail')) },
              {
                path: '/confirm',
                // The chosen lines are picked again in the cart after logging in.
                handle: { loginReturn: '/cart' } satisfies MemberRouteHandle,
                ...page(() => import('./routes/confirm')),
              },
              { path: '/order/:id', ...page(() => import('./routes/order-detail')) },
              { path: '/pay/return', ...page(() => import('./routes/pay-return')) },
              { path: '/customizing/:id', ...page(() => import('./routes/customizing-detail')) },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
