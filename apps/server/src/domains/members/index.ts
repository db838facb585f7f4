/*
 * Members as staff see them (会员管理): lists, details, disabling, balance adjustments.
 * Other code needs nothing of it: its routes (registered in domains/index.ts) are its door.
 */
export {};
