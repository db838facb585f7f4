import { formatDateTime } from '@labshop/shared';

export interface TrackItem {
  context: string;
  ftime: string;
}

const timeText = (v: unknown): string => {
  if (typeof v === 'number') return formatDateTime(v);
  return typeof v === 'string' ? v : '';
};

/**
 * Reads a package's track (JSON text list of { context, ftime }). Carriers' answers vary, so a
 * list wrapped in { data: [...] }, epoch-ms times and stray entries are tolerated; anything
 * unreadable is an empty track.
 */
export function parseTrack(text: string | null | undefined): TrackItem[] {
  if (!text) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return [];
  }
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) raw = (raw as { data?: unknown }).data;
  if (!Array.isArray(raw)) return [];
  const items: TrackItem[] = [];
  for (const entry of raw as unknown[]) {
    if (!entry || typeof entry !== 'object') continue;
    const { context, ftime, time } = entry as Record<string, unknown>;
    if (typeof context !== 'string' || context.trim() === '') continue;
    items.push({ context, ftime: timeText(ftime ?? time) });
  }
  return items;
}
