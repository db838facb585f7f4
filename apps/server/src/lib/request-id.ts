import { randomBytes } from 'node:crypto';

/** Random bytes drawn at once: one call to the system's random source per 512 request ids. */
const POOL_BYTES = 4096;
const ID_BYTES = 8;

let pool = Buffer.alloc(0);
let offset = 0;

/**
 * A request id: 16 hex digits of fresh random bytes, unique across instances and restarts, taken
 * from a pool because a call to the random source per request showed in the request profile
 * (docs/performance.md, "The request pipeline").
 */
export function newRequestId(): string {
  if (offset + ID_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  const id = pool.toString('hex', offset, offset + ID_BYTES);
  offset += ID_BYTES;
  return id;
}
