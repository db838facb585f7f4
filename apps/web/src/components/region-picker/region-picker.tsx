import { useCallback, useEffect, useRef, useState } from 'react';
import { cn } from '@/components/ui/cn';
import { REGION_LABELS, type RegionLanguage } from './labels';
import {
  areasOf,
  citiesOf,
  LEVELS,
  loadTowns,
  regionText,
  useRegionIndex,
  type RegionItem,
  type RegionLevel,
  type RegionValue,
  type TownLoader,
} from './region-data';
import { RegionDropdown, type DropdownTrigger } from './region-dropdown';

export interface RegionPickerProps {
  /** Controlled value; leave undefined to let the picker keep its own. */
  value?: RegionValue | null;
  onChange?: (value: RegionValue) => void;
  /** Called when every available level has a value. */
  onComplete?: (value: RegionValue) => void;
  /** Levels below the province can be switched off; town is off unless asked for. */
  city?: boolean;
  area?: boolean;
  town?: boolean;
  /** Supplies the towns of an area on demand (default: the shipped per-area files). */
  townLoader?: TownLoader;
  language?: RegionLanguage;
  disabled?: boolean;
  trigger?: DropdownTrigger;
  id?: string;
  className?: string;
}

interface Towns {
  areaKey: string;
  list: RegionItem[];
}

/** The value with `level` set to `item` and every lower level cleared. */
function pick(value: RegionValue, level: RegionLevel, item: RegionItem): RegionValue {
  const next: RegionValue = {};
  for (const l of LEVELS) {
    if (l === level) {
      next[l] = item;
      break;
    }
    next[l] = value[l];
  }
  return next;
}

/**
 * Four-level region picker (province, city, area, town) for mainland China, Hong Kong, Macau and
 * Taiwan, in a dropdown with one tab per level. Choosing a level clears the levels below it and
 * shows the next list; the picker is complete when every available level has a value.
 */
export function RegionPicker({
  value,
  onChange,
  onComplete,
  city = true,
  area = true,
  town = false,
  townLoader = loadTowns,
  language = 'cn',
  disabled,
  trigger,
  id,
  className,
}: RegionPickerProps) {
  const t = REGION_LABELS[language];
  const { index, failed } = useRegionIndex();
  const [own, setOwn] = useState<RegionValue>({});
  const current = value === undefined ? own : (value ?? {});
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<RegionLevel>('province');
  const [towns, setTowns] = useState<Towns | null>(null);

  const enabled: Record<RegionLevel, boolean> = {
    province: true,
    city,
    area: city && area,
    town: city && area && town,
  };
  const areaKey = current.area?.key;
  const townsReady = towns !== null && towns.areaKey === areaKey;
  const townLevel = enabled.town && (!townsReady || towns.list.length > 0);

  const pending = useRef<{ key: string; towns: Promise<RegionItem[]> } | null>(null);

  /** Asks the loader once per area; every caller waits on the same answer. */
  const requestTowns = useCallback(
    (areaItem: RegionItem): Promise<RegionItem[]> => {
      if (pending.current?.key !== areaItem.key) {
        const request = townLoader(areaItem).catch((): RegionItem[] => []);
        pending.current = { key: areaItem.key, towns: request };
        void request.then((list) => {
          if (pending.current?.towns === request) setTowns({ areaKey: areaItem.key, list });
        });
      }
      return pending.current.towns;
    },
    [townLoader],
  );

  const areaName = current.area?.value;
  // Reopening on a saved area loads its towns for the town tab.
  useEffect(() => {
    if (open && enabled.town && areaKey && areaName !== undefined && !townsReady) {
      void requestTowns({ key: areaKey, value: areaName });
    }
  }, [open, enabled.town, areaKey, areaName, townsReady, requestTowns]);

  const listOf = (level: RegionLevel): RegionItem[] | null => {
    if (!index) return null;
    switch (level) {
      case 'province':
        return index.provinces;
      case 'city':
        return current.province ? citiesOf(index, current.province) : [];
      case 'area':
        return current.city ? areasOf(index, current.city) : [];
      case 'town':
        if (!current.area) return [];
        return townsReady ? towns.list : null;
    }
  };

  const tabs = LEVELS.filter((l) => (l === 'town' ? townLevel : enabled[l]));
  const parentChosen = (level: RegionLevel) => {
    const i = LEVELS.indexOf(level);
    return i === 0 || current[LEVELS[i - 1]!] !== undefined;
  };

  const update = (next: RegionValue) => {
    if (value === undefined) setOwn(next);
    onChange?.(next);
  };

  const complete = (next: RegionValue) => {
    onComplete?.(next);
    setOpen(false);
  };

  const choose = async (level: RegionLevel, item: RegionItem) => {
    const next = pick(current, level, item);
    update(next);
    const following = LEVELS[LEVELS.indexOf(level) + 1];
    if (!following || !enabled[following]) return complete(next);
    if (following !== 'town') return setTab(following);
    setTab('town');
    const list = await requestTowns(item);
    if (list.length === 0 && pending.current?.key === item.key) complete(next);
  };

  const clear = () => {
    update({});
    setTab('province');
  };

  const onOpenChange = (next: boolean) => {
    if (next) {
      // Reopening shows the first level still to choose, or the last one chosen.
      const firstEmpty = tabs.find((l) => current[l] === undefined);
      setTab(firstEmpty ?? tabs.at(-1) ?? 'province');
    }
    setOpen(next);
  };

  const text = regionText(current);
  const list = listOf(tab);

  return (
    <RegionDropdown
      open={open}
      onOpenChange={onOpenChange}
      text={text || t.pleaseSelect}
      placeholder={!text}
      trigger={trigger}
      disabled={disabled}
      id={id}
      className={className}
      contentLabel={t.defaultHeader}
      contentStyle={{ width: 360, maxWidth: 'calc(100vw - 16px)' }}
    >
      <div className="flex items-center justify-between gap-2 border-b border-gray-100 px-3 py-2">
        <span className="truncate font-medium text-gray-700" title={text || t.defaultHeader}>
          {text || t.defaultHeader}
        </span>
        <button
          type="button"
          onClick={clear}
          disabled={!current.province}
          className="shrink-0 text-xs text-gray-500 hover:text-red-500 disabled:opacity-40"
        >
          {t.clear}
        </button>
      </div>
      <div role="tablist" className="flex border-b border-gray-100 px-2">
        {tabs.map((level) => (
          <button
            key={level}
            type="button"
            role="tab"
            aria-selected={tab === level}
            disabled={!parentChosen(level)}
            onClick={() => setTab(level)}
            className={cn(
              '-mb-px border-b-2 px-2 py-2 text-xs disabled:text-gray-300',
              tab === level ? 'border-primary text-primary' : 'border-transparent text-gray-600',
            )}
          >
            {t.levels[level]}
          </button>
        ))}
      </div>
      <div className="overflow-y-auto p-2" style={{ maxHeight: 300 }} data-testid="region-list">
        {failed ? (
          <p className="py-6 text-center text-gray-400">{t.loadFailed}</p>
        ) : list === null ? (
          <p className="py-6 text-center text-gray-400">{t.loading}</p>
        ) : list.length === 0 ? (
          <p className="py-6 text-center text-gray-400">{t.noMatch}</p>
        ) : (
          <div role="listbox" aria-label={t.levels[tab]} className="flex flex-wrap gap-1">
            {list.map((item) => {
              const selected = current[tab]?.key === item.key;
              return (
                <button
                  key={item.key}
                  type="button"
                  role="option"
                  aria-selected={selected}
                  onClick={() => void choose(tab, item)}
                  className={cn(
                    'rounded px-2 py-1 text-left hover:bg-primary-50 hover:text-primary',
                    selected && 'bg-primary text-white hover:bg-primary hover:text-white',
                  )}
                >
                  {item.value}
                </button>
              );
            })}
          </div>
        )}
      </div>
      <div className="flex justify-end border-t border-gray-100 px-3 py-2">
        <button
          type="button"
          onClick={() => setOpen(false)}
          className="rounded bg-primary px-3 py-1 text-xs text-white hover:bg-primary-dark"
        >
          {t.done}
        </button>
      </div>
    </RegionDropdown>
  );
}
