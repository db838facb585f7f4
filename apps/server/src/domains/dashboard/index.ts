/*
 * The console's start page: today's counts.
 * Other code needs nothing of it: its routes (registered in domains/index.ts) are its door.
 */
export {};
