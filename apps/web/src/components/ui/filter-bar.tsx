import type { ReactNode } from 'react';
import { DateRange, type DateRangeValue } from './date-range';
import { Select } from './select';

/**
 * The filters of a member's list: its own selects (children), then the date range, then 重置 once
 * anything is set (`filtered` tells whether one of the children is).
 */
export function FilterBar({
  children,
  filtered = false,
  dates,
  onDates,
  onReset,
  testId,
}: {
  children?: ReactNode;
  filtered?: boolean;
  dates: DateRangeValue;
  onDates: (dates: DateRangeValue) => void;
  onReset: () => void;
  testId?: string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid={testId}>
      {children}
      <DateRange value={dates} onChange={onDates} className="w-full sm:w-auto" />
      {(filtered || dates.from !== '' || dates.to !== '') && (
        <button
          type="button"
          className="text-sm text-gray-500 hover:text-primary"
          onClick={onReset}
        >
          重置
        </button>
      )}
    </div>
  );
}

/** The select of one list filter: `all` (value '') first, then one option per named code. */
export function FilterSelect({
  label,
  all,
  names,
  value,
  onChange,
}: {
  label: string;
  all: string;
  names: Record<number, string>;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{all}</option>
      {Object.entries(names).map(([v, name]) => (
        <option key={v} value={v}>
          {name}
        </option>
      ))}
    </Select>
  );
}

/** A filter select's value as a query parameter: '' (all) sends none. */
export const filterNumber = (v: string) => (v === '' ? undefined : Number(v));
