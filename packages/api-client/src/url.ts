export type QueryValue = string | number | boolean | null | undefined | Array<string | number>;
export type QueryParams = Record<string, QueryValue>;

/**
 * `base` + `path` + the query string. Undefined, null and '' values are left out; a list goes as
 * one comma-separated value (ids=1,2,3), an empty list not at all.
 */
export function buildUrl(path: string, params?: QueryParams, base = ''): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) {
      if (v.length > 0) qs.set(k, v.join(','));
    } else qs.set(k, String(v));
  }
  const q = qs.toString();
  return `${base}${path}${q ? `?${q}` : ''}`;
}
