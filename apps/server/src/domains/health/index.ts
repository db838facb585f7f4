/* The load balancers' health check. */
export { default as healthRoutes } from './health.routes.ts';
