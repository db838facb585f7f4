/* The console's start page: today's counts. */
export { default as dashboardRoutes } from './dashboard.routes.ts';
