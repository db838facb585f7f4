/** A navigation entry: its id (0 for the home page) and where it leads. */
export interface NavEntry {
  id: number;
  to: string;
}

const pathOf = (to: string) => to.split(/[?#]/, 1)[0] ?? to;

/** Compares addresses as text: the location is percent-encoded, category urls often are not. */
const decoded = (s: string) => {
  try {
    return decodeURIComponent(s.replaceAll('+', ' '));
  } catch {
    return s;
  }
};

/**
 * Which entry to highlight: the home page highlights 首页, an entry whose target equals the current
 * address (or whose path contains the current page) wins, otherwise the remembered entry.
 */
export function activeNavId(
  pathname: string,
  search: string,
  entries: readonly NavEntry[],
  rememberedId: number | null,
): number | null {
  if (pathname === '/') return 0;
  const here = decoded(pathname + search);
  const exact = entries.find((e) => decoded(e.to) === here);
  if (exact) return exact.id;
  const byPath = entries.find((e) => {
    const p = pathOf(e.to);
    return p !== '/' && !e.to.includes('?') && (pathname === p || pathname.startsWith(`${p}/`));
  });
  if (byPath) return byPath.id;
  return entries.some((e) => e.id === rememberedId) ? rememberedId : null;
}
