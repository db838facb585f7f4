/*
 * Finance: members' balance statements and the payments export.
 * Other code needs nothing of it: its routes (registered in domains/index.ts) are its door.
 */
export {};
