/* Certificates of analysis (COA files per item and lot), kept by staff. */
export { default as coaAdminRoutes } from './coa-admin.routes.ts';
