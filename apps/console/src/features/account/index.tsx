import { lazy } from 'react';
import type { RouteObject } from 'react-router';

export { PasswordModal } from './components/password-modal';

const SecurityPage = lazy(() => import('./components/security-page'));

/** /console/security: the staff member's own two-factor login, open to every role. */
export const securityRoute: RouteObject = { path: 'security', element: <SecurityPage /> };
