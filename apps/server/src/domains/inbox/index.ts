/*
 * The staff inbox: messages, bulk inquiries, custom requests and check-ins, handled and answered.
 * Other code needs nothing of it: its routes (registered in domains/index.ts) are its door.
 */
export {};
