/*
 * The catalogue: categories, brands, products and their packs, the storefront's pages and the
 * staff side (product form, bulk edits, import and export). Every write tells search
 * (afterCatalogueWrite); product classes come from compliance's reference lists.
 */
export { default as bulkProductRoutes } from './bulk.routes.ts';
export { default as catalogueAdminRoutes } from './catalogue-admin.routes.ts';
export { default as catalogueImportRoutes } from './catalogue-import.routes.ts';
export { default as catalogueRoutes } from './catalogue.routes.ts';
export { default as structureRoutes } from './structure.routes.ts';
export { productDetail, taggedProducts } from './catalogue.service.ts';
export { exportCatalogue } from './export.service.ts';
export { importSheet } from './import.service.ts';
export { applyListClasses } from './list-classes.service.ts';
