/**
 * Idempotency-Key handling of both apps (docs/api.md, "Idempotency"): every write carries a key
 * made once for the user's action, and a write whose answer was lost on the way is sent once
 * more with that same key, so the server answers what it already did instead of doing it twice.
 */

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a method changes something, and so carries an Idempotency-Key. */
export const isWrite = (method: string): boolean => WRITES.has(method.toUpperCase());

/** 128 random bits as hex; crypto.randomUUID is missing on plain-HTTP pages. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Sends a request. When the connection fails before an answer (not a timeout or a cancel) and
 * the request carries an Idempotency-Key, it is sent once more, unchanged: same key, same body.
 */
export async function sendOnceMore(
  url: string,
  init: RequestInit,
  signal: AbortSignal,
): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal });
  } catch (err) {
    const resend = new Headers(init.headers).has('Idempotency-Key') && !signal.aborted;
    if (!resend) throw err;
    return fetch(url, { ...init, signal });
  }
}
