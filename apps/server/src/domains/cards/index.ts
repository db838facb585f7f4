/*
 * Product cards: a product as the storefront lists it (search, category pages, structure search,
 * the product page's packs): its columns, its on-sale packs and what each warehouse can still
 * sell. A view of the catalogue's rows and the stock, below both the catalogue and the searches
 * that answer with cards.
 */
export { CARD_COLUMNS } from './card-columns.ts';
export { loadProductCards, materialsOf } from './product-cards.ts';
