/* The pages the server fills in for search engines and first visits, and the sitemaps. */
export { default as seoRoutes } from './seo.routes.ts';
