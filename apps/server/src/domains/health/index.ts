/*
 * The load balancers' health check.
 * Other code needs nothing of it: its routes (registered in domains/index.ts) are its door.
 */
export {};
