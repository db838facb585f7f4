/*
 * Certificates of analysis (COA files per item and lot), kept by staff.
 * Other code needs nothing of it: its routes (registered in domains/index.ts) are its door.
 */
export {};
