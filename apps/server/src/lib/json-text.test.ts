import { describe, expect, it } from 'vitest';
import { parseStringList, parseStringRecord } from './json-text.ts';

describe('parseStringList', () => {
  it('keeps the non-empty strings of a JSON list', () => {
    expect(parseStringList('["/a.png", "", 3, "/b.png"]')).toEqual(['/a.png', '/b.png']);
  });
  it('answers an empty list for malformed text or a non-list', () => {
    expect(parseStringList('not json')).toEqual([]);
    expect(parseStringList('{"a":1}')).toEqual([]);
    expect(parseStringList('')).toEqual([]);
  });
});

describe('parseStringRecord', () => {
  it('turns scalars into text and drops nested values', () => {
    expect(parseStringRecord('{"enable":"1","year":2020,"ok":true,"n":null,"x":{"y":1}}')).toEqual({
      enable: '1',
      year: '2020',
      ok: 'true',
      n: '',
    });
  });
  it('answers an empty object for malformed text, lists and scalars', () => {
    expect(parseStringRecord('{')).toEqual({});
    expect(parseStringRecord('[1]')).toEqual({});
    expect(parseStringRecord('"s"')).toEqual({});
  });
});
