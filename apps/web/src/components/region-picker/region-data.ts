import { useEffect, useState } from 'react';

/**
 * Division data of the region picker (public/region, see its README for source and rules):
 * six-digit codes for provinces, cities and areas in one file, towns in one file per area that is
 * fetched only when that area is chosen.
 */

export interface RegionItem {
  key: string;
  value: string;
}

export const LEVELS = ['province', 'city', 'area', 'town'] as const;
export type RegionLevel = (typeof LEVELS)[number];

/** The picker's value: each chosen level with its code and display name. */
export type RegionValue = Partial<Record<RegionLevel, RegionItem>>;

/** Supplies the towns of an area; an empty list means the area has no town level. */
export type TownLoader = (area: RegionItem) => Promise<RegionItem[]>;

export interface RegionIndex {
  provinces: RegionItem[];
  cities: RegionItem[];
  areas: RegionItem[];
}

/** Municipalities and special administrative regions: provinces that are their own only city. */
export const MUNICIPALITIES = ['110000', '120000', '310000', '500000'];
export const SPECIAL_REGIONS = ['810000', '820000'];
/** Taiwan's code in the shipped data; stored addresses may carry the older 710000. */
const TAIWAN = '830000';
const TAIWAN_OLD = '710000';

const isProvinceCode = (code: string) => code.endsWith('0000');
/** City: ends in 00, or a county-level city directly under a province (last four digits > 9000). */
const isCityCode = (code: string) =>
  !isProvinceCode(code) && (code.endsWith('00') || Number(code.slice(2)) > 9000);

const byKey = (a: RegionItem, b: RegionItem) => Number(a.key) - Number(b.key);

export function buildIndex(divisions: Record<string, string>): RegionIndex {
  const index: RegionIndex = { provinces: [], cities: [], areas: [] };
  for (const [key, value] of Object.entries(divisions)) {
    if (!/^\d{6}$/.test(key)) continue;
    const item = { key, value };
    if (isProvinceCode(key)) index.provinces.push(item);
    else if (isCityCode(key)) index.cities.push(item);
    else index.areas.push(item);
  }
  index.provinces.sort(byKey);
  index.cities.sort(byKey);
  index.areas.sort(byKey);
  return index;
}

/** Cities of a province; a province without city codes is its own only city. */
export function citiesOf(index: RegionIndex, province: RegionItem): RegionItem[] {
  const p = Number(province.key);
  const list = index.cities.filter((c) => Number(c.key) > p && Number(c.key) - p < 10_000);
  return list.length ? list : [province];
}

/** Areas of a city (of a province when the province is its own city); else the city itself. */
export function areasOf(index: RegionIndex, city: RegionItem): RegionItem[] {
  const c = Number(city.key);
  const span = isProvinceCode(city.key) ? 10_000 : 100;
  const list = index.areas.filter((a) => Number(a.key) > c && Number(a.key) - c < span);
  return list.length ? list : [city];
}

export interface CityGroup {
  province: RegionItem;
  cities: RegionItem[];
}

/**
 * The city picker's directory: 直辖市 first, then every province with its cities, then
 * 特别行政区; municipalities and the SARs are picked as cities themselves.
 */
export function cityDirectory(index: RegionIndex): CityGroup[] {
  const municipal: CityGroup = { province: { key: '000000', value: '直辖市' }, cities: [] };
  const special: CityGroup = { province: { key: '000010', value: '特别行政区' }, cities: [] };
  const regular: CityGroup[] = [];
  for (const province of index.provinces) {
    if (MUNICIPALITIES.includes(province.key)) municipal.cities.push(province);
    else if (SPECIAL_REGIONS.includes(province.key)) special.cities.push(province);
    else regular.push({ province, cities: citiesOf(index, province) });
  }
  return [municipal, ...regular, special];
}

/** Every item the city picker can return, by code. */
export function cityItems(index: RegionIndex): Map<string, RegionItem> {
  return new Map(cityDirectory(index).flatMap((g) => g.cities.map((c) => [c.key, c] as const)));
}

/** Display names of the chosen levels, consecutive duplicates (北京市 北京市) shown once. */
export function regionNames(value: RegionValue | null | undefined): string[] {
  const names: string[] = [];
  for (const level of LEVELS) {
    const name = value?.[level]?.value;
    if (name && names.at(-1) !== name) names.push(name);
  }
  return names;
}

export const regionText = (value: RegionValue | null | undefined, separator = ' ') =>
  regionNames(value).join(separator);

const isItem = (v: unknown): v is RegionItem =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as RegionItem).key === 'string' &&
  typeof (v as RegionItem).value === 'string';

/** Reads the JSON text an address stores; null when it is not a region value. */
export function parseRegion(text: string | null | undefined): RegionValue | null {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const value: RegionValue = {};
  for (const level of LEVELS) {
    const item = (raw as Record<string, unknown>)[level];
    if (isItem(item)) value[level] = { key: String(item.key), value: item.value };
  }
  if (!value.province) return null;
  if (value.province.key === TAIWAN_OLD) value.province = { ...value.province, key: TAIWAN };
  return value;
}

/** The JSON text an address stores: province, city and area, and the town when chosen. */
export function stringifyRegion(value: RegionValue): string {
  const { province, city, area, town } = value;
  return JSON.stringify(town ? { province, city, area, town } : { province, city, area });
}

const dataUrl = (path: string) => `${import.meta.env.BASE_URL}region/${path}`;

let divisions: Promise<RegionIndex> | null = null;

/** Loads the division file once per page; a failed load is tried again next time. */
export function loadRegionIndex(): Promise<RegionIndex> {
  divisions ??= fetch(dataUrl('divisions.json'))
    .then((res) => {
      if (!res.ok) throw new Error(`region data ${res.status}`);
      return res.json() as Promise<Record<string, string>>;
    })
    .then(buildIndex)
    .catch((err: unknown) => {
      divisions = null;
      throw err;
    });
  return divisions;
}

const townCache = new Map<string, Promise<RegionItem[]>>();

/** The shipped town loader: public/region/towns/<area code>.json; none there means no towns. */
export const loadTowns: TownLoader = (area) => {
  let towns = townCache.get(area.key);
  if (!towns) {
    towns = fetch(dataUrl(`towns/${encodeURIComponent(area.key)}.json`))
      .then(async (res) => {
        if (!res.ok || !res.headers.get('content-type')?.includes('json')) return [];
        const data = (await res.json()) as Record<string, string>;
        return Object.entries(data)
          .map(([key, value]) => ({ key, value }))
          .sort(byKey);
      })
      .catch(() => {
        townCache.delete(area.key);
        return [];
      });
    townCache.set(area.key, towns);
  }
  return towns;
};

/** The division index, null until loaded; `failed` when the file could not be fetched. */
export function useRegionIndex(): { index: RegionIndex | null; failed: boolean } {
  const [state, setState] = useState<{ index: RegionIndex | null; failed: boolean }>({
    index: null,
    failed: false,
  });
  useEffect(() => {
    let live = true;
    loadRegionIndex().then(
      (index) => live && setState({ index, failed: false }),
      () => live && setState({ index: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
