import { parseRegion } from '@/components/region-picker';

/** deliveryRegionCode of an order: province, city and area codes joined by commas. */
export function regionCodeOf(regionText: string): string | null {
  const region = parseRegion(regionText);
  if (!region?.province || !region.city || !region.area) return null;
  return [region.province.key, region.city.key, region.area.key].join(',');
}

/** Chinese names of an order's region codes; a municipality's repeated name is shown once. */
export function regionNamesOf(
  codes: string,
  divisions: Record<string, string> | undefined,
): string {
  const names: string[] = [];
  for (const code of codes.split(',')) {
    const name = divisions?.[code.trim()];
    if (name && names.at(-1) !== name) names.push(name);
  }
  return names.join(' ');
}
