import { parseRegion } from '@/components/region-picker';

/** deliveryRegionCode of an order: province, city and area codes joined by commas. */
export function regionCodeOf(regionText: string): string | null {
  const region = parseRegion(regionText);
  if (!region?.province || !region.city || !region.area) return null;
  return [region.province.key, region.city.key, region.area.key].join(',');
}
