import { useMemo, useState } from 'react';
import { cn } from '@/components/ui/cn';
import { REGION_LABELS, type RegionLanguage } from './labels';
import {
  cityDirectory,
  cityItems,
  useRegionIndex,
  type CityGroup,
  type RegionItem,
} from './region-data';
import { RegionDropdown, type DropdownTrigger } from './region-dropdown';

/** More chosen cities than this collapse into "first two and N others" (docs/product-rules.md section 9). */
export const CITY_COLLAPSE_AT = 2;

export interface RegionCityPickerProps {
  /** Chosen city codes (municipalities and SARs by their province code). */
  value?: string[];
  onChange?: (keys: string[], cities: RegionItem[]) => void;
  /** Show every chosen name on the trigger instead of collapsing after two. */
  overflow?: boolean;
  separator?: string;
  language?: RegionLanguage;
  disabled?: boolean;
  trigger?: DropdownTrigger;
  id?: string;
  className?: string;
}

/** The search box text as a pattern; text that is not a valid pattern is matched literally. */
function matcher(query: string): (name: string) => boolean {
  const q = query.trim();
  if (!q) return () => true;
  try {
    const re = new RegExp(q, 'i');
    return (name) => re.test(name);
  } catch {
    return (name) => name.includes(q);
  }
}

export function filterCities(groups: CityGroup[], query: string): CityGroup[] {
  const test = matcher(query);
  return groups
    .map((g) => ({ province: g.province, cities: g.cities.filter((c) => test(c.value)) }))
    .filter((g) => g.cities.length > 0);
}

/** Trigger text: the chosen names, or the first two and how many others unless overflow is on. */
export function cityPickerText(
  names: string[],
  {
    overflow = false,
    separator = ',',
    language = 'cn',
  }: { overflow?: boolean; separator?: string; language?: RegionLanguage } = {},
): string {
  const t = REGION_LABELS[language];
  if (names.length === 0) return t.pleaseSelect;
  if (overflow || names.length <= CITY_COLLAPSE_AT) return names.join(separator);
  return `${names.slice(0, CITY_COLLAPSE_AT).join(separator)} ${t.others(names.length - CITY_COLLAPSE_AT)}`;
}

/** Multi-select city picker grouped by province, with a search box and a reset button. */
export function RegionCityPicker({
  value,
  onChange,
  overflow,
  separator = ',',
  language = 'cn',
  disabled,
  trigger,
  id,
  className,
}: RegionCityPickerProps) {
  const t = REGION_LABELS[language];
  const { index, failed } = useRegionIndex();
  const [own, setOwn] = useState<string[]>([]);
  const keys = value ?? own;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');

  const directory = useMemo(() => (index ? cityDirectory(index) : []), [index]);
  const byKey = useMemo(() => (index ? cityItems(index) : new Map<string, RegionItem>()), [index]);
  const chosen = keys.map((k) => byKey.get(k)).filter((c): c is RegionItem => c !== undefined);
  const groups = useMemo(() => filterCities(directory, query), [directory, query]);

  const update = (next: RegionItem[]) => {
    const nextKeys = next.map((c) => c.key);
    if (value === undefined) setOwn(nextKeys);
    onChange?.(nextKeys, next);
  };
  const toggle = (city: RegionItem) =>
    update(
      chosen.some((c) => c.key === city.key)
        ? chosen.filter((c) => c.key !== city.key)
        : [...chosen, city],
    );

  const names = chosen.map((c) => c.value);
  return (
    <RegionDropdown
      open={open}
      onOpenChange={(next) => {
        if (next) setQuery('');
        setOpen(next);
      }}
      text={cityPickerText(names, { overflow, separator, language })}
      placeholder={names.length === 0}
      trigger={trigger}
      disabled={disabled}
      id={id}
      className={className}
      contentLabel={t.defaultHeader}
      focusContent
      contentStyle={{ width: 400, maxWidth: 'calc(100vw - 16px)', maxHeight: 340 }}
    >
      <div className="flex max-h-[338px] flex-col">
        <div className="flex items-center gap-2 border-b border-gray-100 p-2">
          <input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t.search}
            aria-label={t.search}
            autoComplete="off"
            className="h-8 min-w-0 flex-1 rounded border border-gray-300 px-2 outline-none focus:border-primary"
          />
          <button
            type="button"
            onClick={() => update([])}
            disabled={chosen.length === 0}
            className="shrink-0 text-xs text-gray-500 hover:text-red-500 disabled:opacity-40"
          >
            {t.clear}
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto p-2" data-testid="city-list">
          {failed ? (
            <p className="py-6 text-center text-gray-400">{t.loadFailed}</p>
          ) : !index ? (
            <p className="py-6 text-center text-gray-400">{t.loading}</p>
          ) : groups.length === 0 ? (
            <p className="py-6 text-center text-gray-400">{t.noMatch}</p>
          ) : (
            groups.map((g) => (
              <div key={g.province.key} className="flex gap-2 py-1">
                <div className="w-16 shrink-0 pt-1 text-xs font-medium text-gray-500">
                  {g.province.value}
                </div>
                <div
                  role="listbox"
                  aria-multiselectable
                  aria-label={g.province.value}
                  className="flex flex-1 flex-wrap gap-1"
                >
                  {g.cities.map((c) => {
                    const selected = chosen.some((x) => x.key === c.key);
                    return (
                      <button
                        key={c.key}
                        type="button"
                        role="option"
                        aria-selected={selected}
                        onClick={() => toggle(c)}
                        className={cn(
                          'rounded px-1.5 py-0.5 text-left hover:bg-primary-50 hover:text-primary',
                          selected && 'bg-primary text-white hover:bg-primary hover:text-white',
                        )}
                      >
                        {c.value}
                      </button>
                    );
                  })}
                </div>
              </div>
            ))
          )}
        </div>
      </div>
    </RegionDropdown>
  );
}
