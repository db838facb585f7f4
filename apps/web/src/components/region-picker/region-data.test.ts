import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  areasOf,
  buildIndex,
  citiesOf,
  cityDirectory,
  loadTowns,
  parseRegion,
  regionText,
  stringifyRegion,
} from './region-data';

const publicDir = path.resolve(import.meta.dirname, '../../../public/region');
const divisions = JSON.parse(
  fs.readFileSync(path.join(publicDir, 'divisions.json'), 'utf8'),
) as Record<string, string>;
const index = buildIndex(divisions);
const item = (key: string) => ({ key, value: divisions[key] ?? '' });
const keys = (list: { key: string }[]) => list.map((i) => i.key);

afterEach(() => vi.unstubAllGlobals());

describe('division rules', () => {
  it('splits the shipped file into provinces, cities and areas by code', () => {
    expect(index.provinces).toHaveLength(34);
    // 342 codes ending in 00 plus 45 county-level cities directly under a province.
    expect(index.cities).toHaveLength(387);
    expect(index.areas).toHaveLength(3431 - 34 - 387);
  });

  it('treats codes above 9000 as cities directly under their province', () => {
    const henan = keys(citiesOf(index, item('410000')));
    expect(henan).toContain('410100');
    expect(henan).toContain('419001');
    expect(keys(areasOf(index, item('419001')))).toEqual(['419001']);
  });

  it('lets municipalities and SARs be their own city with areas below it', () => {
    expect(citiesOf(index, item('110000'))).toEqual([item('110000')]);
    expect(keys(areasOf(index, item('110000')))).toContain('110101');
    expect(citiesOf(index, item('810000'))).toEqual([item('810000')]);
    expect(keys(areasOf(index, item('810000')))).toContain('810101');
  });

  it('keeps the areas of a city within its hundred', () => {
    const zhengzhou = keys(areasOf(index, item('410100')));
    expect(zhengzhou.length).toBeGreaterThan(5);
    expect(zhengzhou.every((k) => k.startsWith('4101'))).toBe(true);
    expect(areasOf(index, item('441900'))).toEqual([item('441900')]);
  });

  it('groups the city directory: 直辖市 first, 特别行政区 last, Taiwan as a province', () => {
    const dir = cityDirectory(index);
    expect(dir[0]?.province.value).toBe('直辖市');
    expect(keys(dir[0]?.cities ?? [])).toEqual(['110000', '120000', '310000', '500000']);
    expect(dir.at(-1)?.province.value).toBe('特别行政区');
    expect(keys(dir.at(-1)?.cities ?? [])).toEqual(['810000', '820000']);
    expect(dir.find((g) => g.province.key === '830000')?.cities.length).toBeGreaterThan(10);
    expect(dir).toHaveLength(34 - 6 + 2);
  });
});

describe('stored region values', () => {
  it('reads the JSON text of an address, accepting the older Taiwan code', () => {
    const v = parseRegion(
      JSON.stringify({
        province: { key: '710000', value: '台湾省' },
        city: { key: '710100', value: '台北市' },
      }),
    );
    expect(v?.province).toEqual({ key: '830000', value: '台湾省' });
    expect(v?.city?.value).toBe('台北市');
    expect(parseRegion('not json')).toBeNull();
    expect(parseRegion('{"city":{"key":"1","value":"x"}}')).toBeNull();
  });

  it('writes town only when chosen and shows a municipality once', () => {
    const value = { province: item('110000'), city: item('110000'), area: item('110101') };
    expect(JSON.parse(stringifyRegion(value))).toEqual(value);
    expect(regionText(value)).toBe('北京市 东城区');
  });
});

describe('loadTowns', () => {
  it('fetches the towns of one area from its own file', async () => {
    const body = fs.readFileSync(path.join(publicDir, 'towns/110101.json'), 'utf8');
    const fetchMock = vi.fn((_url: string) =>
      Promise.resolve(new Response(body, { headers: { 'Content-Type': 'application/json' } })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const towns = await loadTowns(item('110101'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/region/towns/110101.json');
    expect(towns[0]).toEqual({ key: '110101001', value: '东华门街道' });
    await loadTowns(item('110101'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('answers no towns when the area has no file (the shell page comes back)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response('<!doctype html>', { headers: { 'Content-Type': 'text/html' } }),
        ),
      ),
    );
    expect(await loadTowns(item('620200'))).toEqual([]);
  });
});
