/*
 * The pages the server fills in for search engines and first visits, and the sitemaps.
 * Other code needs nothing of it: its routes (registered in domains/index.ts) are its door.
 */
export {};
