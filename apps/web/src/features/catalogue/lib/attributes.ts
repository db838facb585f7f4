/** One extra product attribute shown in the detail fields. */
export interface ProductAttribute {
  label: string;
  value: string;
}

const text = (v: unknown): string => {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map(text).filter(Boolean).join('、');
  return '';
};

const pairOf = (item: unknown): ProductAttribute | null => {
  if (Array.isArray(item)) return { label: text(item[0]), value: text(item[1]) };
  if (item && typeof item === 'object') {
    const o = item as Record<string, unknown>;
    return { label: text(o.name ?? o.key ?? o.label ?? o.title), value: text(o.value) };
  }
  return null;
};

/**
 * Parses the product's JSON attributes text into label / value rows. Accepts an object
 * (`{"外观":"白色粉末"}`) or a list of pairs (`[{"name":"外观","value":"白色粉末"}]`, `[["外观","白色粉末"]]`);
 * anything unreadable gives no rows rather than breaking the page. Empty labels or values are
 * left out.
 */
export function parseAttributes(json: string | null | undefined): ProductAttribute[] {
  if (!json?.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  const pairs = Array.isArray(parsed)
    ? parsed.map(pairOf)
    : parsed && typeof parsed === 'object'
      ? Object.entries(parsed).map(([label, value]) => ({
          label: label.trim(),
          value: text(value),
        }))
      : [];
  return pairs.filter((p): p is ProductAttribute => !!p && p.label !== '' && p.value !== '');
}
