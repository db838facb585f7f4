/*
 * PunchOut (docs/punchout.md): connections of buyers' procurement systems, their sessions and
 * every message in and out. Its routes (registered in domains/index.ts) are its door.
 */
export {};
