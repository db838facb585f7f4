import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '@/features/auth/components/login-page';
import { securityRoute } from '@/features/account';
import { ConsoleLayout } from './layout';
import { RequirePermission } from './guard';
import { areas } from './areas';

const areaRoutes: RouteObject[] = areas.map((area) => ({
  path: area.path,
  element: <RequirePermission permission={area.permission} />,
  children: area.routes,
}));

export const router = createBrowserRouter(
  [
    { path: '/login', element: <LoginPage /> },
    {
      path: '/',
      element: <ConsoleLayout />,
      children: [
        { index: true, element: <Navigate to="/dashboard" replace /> },
        ...areaRoutes,
        securityRoute,
        { path: '*', element: <Navigate to="/dashboard" replace /> },
      ],
    },
  ],
  { basename: '/console' },
);
