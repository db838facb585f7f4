/*
 * The catalogue: categories, brands, products and their packs, the storefront's pages and the
 * staff side (product form, bulk edits, import and export). Every write tells search
 * (afterCatalogueWrite); product classes come from compliance's reference lists.
 */
export { productDetail, taggedProducts } from './catalogue.service.ts';
export { exportCatalogue } from './export.service.ts';
export { importSheet } from './import.service.ts';
export { applyListClasses } from './list-classes.service.ts';
