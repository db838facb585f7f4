/*
 * Money-routing settings (where payments go): proposed by one staff member, confirmed by another.
 * Other code needs nothing of it: its routes (registered in domains/index.ts) are its door.
 */
export {};
