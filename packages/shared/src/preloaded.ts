/**
 * Answers the server sends inside a storefront page (docs/api.md, "Answers inside the page"):
 * the first view's anonymous catalogue calls, so the app renders without waiting for them.
 * Both sides name a call the same way: method, path with query string, and the JSON body with
 * its keys sorted (so the order a caller wrote them in does not matter).
 */

/** Id of the `<script type="application/json">` element that carries the answers. */
export const PRELOADED_ANSWERS_ID = 'preloaded-answers';

/**
 * Id of the `<script type="application/json">` element that carries the query cache the server
 * rendered the page's first view with (a TanStack Query dehydrated state); the browser hydrates
 * the page's markup from it.
 */
export const SERVER_QUERIES_ID = 'server-queries';

const sorted = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = sorted(v);
  }
  return out;
};

/** The name of one call, e.g. `POST /client/v1/products {"key":"苯甲酸","page":1}`. */
export function preloadKey(method: string, pathAndQuery: string, body?: unknown): string {
  const head = `${method.toUpperCase()} ${pathAndQuery}`;
  return body === undefined ? head : `${head} ${JSON.stringify(sorted(body))}`;
}
