/* The shop's content: articles, links, hot search terms, site settings and the company details. */
export { default as contentAdminRoutes } from './content-admin.routes.ts';
export { default as contentRoutes } from './content.routes.ts';
export { company, contentDetail, listContents } from './content.service.ts';
