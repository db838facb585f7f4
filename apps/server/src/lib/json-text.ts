/**
 * Columns holding JSON text (image lists, attribute objects) are written by the seed and by
 * hand; a malformed value must degrade to an empty value rather than fail the whole answer.
 */
export function parseStringList(text: string): string[] {
  const value = tryParse(text);
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is string => typeof v === 'string' && v.length > 0);
}

/** A flat string map; numbers and booleans become text, nested values are dropped. */
export function parseStringRecord(text: string): Record<string, string> {
  const value = tryParse(text);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v === 'string') out[k] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
    else if (v === null) out[k] = '';
  }
  return out;
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
