/** Local storage keys of docs/product-rules.md section 3. */
export const STORAGE_KEYS = {
  token: 'token',
  exp: 'exp',
  name: 'name',
  account: 'account',
  activeId: 'activeId',
  activeModel: 'activeModel',
  searchValue: 'searchValue',
  selectCartId: 'selectCartId',
  /** Set while the token is a PunchOut session's (docs/punchout.md, "The storefront's part"). */
  punchout: 'punchout',
  /** Whom the member buys for: `{ account, orgId }` (lib/buying-for.ts). */
  buyingFor: 'buyingFor',
} as const;
type Key = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readItem(key: Key): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(key: Key, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the shop still works for this page view.
  }
}

export function removeItem(key: Key): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // See writeItem.
  }
}

/** Selected cart line ids, kept as a JSON list under selectCartId. */
export function readSelectedCartIds(): number[] {
  try {
    const parsed: unknown = JSON.parse(readItem(STORAGE_KEYS.selectCartId) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is number => Number.isInteger(v)) : [];
  } catch {
    return [];
  }
}

export function writeSelectedCartIds(ids: number[]): void {
  writeItem(STORAGE_KEYS.selectCartId, JSON.stringify(ids));
}
