import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@labshop/shared';
import { parseTrack } from './track';

describe('parseTrack', () => {
  it('reads the list of context and time', () => {
    const text = JSON.stringify([
      { context: '已签收', ftime: '2026-01-03 10:00:00' },
      { context: '已揽收', ftime: '2026-01-01 09:00:00' },
    ]);
    expect(parseTrack(text)).toEqual([
      { context: '已签收', ftime: '2026-01-03 10:00:00' },
      { context: '已揽收', ftime: '2026-01-01 09:00:00' },
    ]);
  });

  it('accepts a wrapped list and epoch-ms times', () => {
    const at = Date.UTC(2026, 0, 2, 3, 4, 5);
    expect(parseTrack(JSON.stringify({ data: [{ context: '运输中', ftime: at }] }))).toEqual([
      { context: '运输中', ftime: formatDateTime(at) },
    ]);
  });

  it('is empty for missing, malformed or unexpected text and skips bad entries', () => {
    expect(parseTrack('')).toEqual([]);
    expect(parseTrack(null)).toEqual([]);
    expect(parseTrack('not json')).toEqual([]);
    expect(parseTrack('{"a":1}')).toEqual([]);
    expect(parseTrack('"text"')).toEqual([]);
    expect(parseTrack('[null, 1, {"ftime":"x"}, {"context":""}, {"context":"派送中"}]')).toEqual([
      { context: '派送中', ftime: '' },
    ]);
  });
});
