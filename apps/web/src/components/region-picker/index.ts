export { RegionPicker, type RegionPickerProps } from './region-picker';
export { RegionCityPicker, type RegionCityPickerProps } from './region-city-picker';
export { HOVER_DELAY_MS, DROPDOWN_GAP_PX, type DropdownTrigger } from './region-dropdown';
export type { RegionLanguage } from './labels';
export {
  loadTowns,
  parseRegion,
  regionNames,
  regionText,
  stringifyRegion,
  type RegionItem,
  type RegionLevel,
  type RegionValue,
  type TownLoader,
} from './region-data';
