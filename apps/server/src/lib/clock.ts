/** Current time in epoch ms; one place so tests can reason about time-based rules. */
export const now = (): number => Date.now();
