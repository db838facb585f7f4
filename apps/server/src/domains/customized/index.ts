/* Members' custom-synthesis requests (定制). */
export { default as customizedRoutes } from './customized.routes.ts';
