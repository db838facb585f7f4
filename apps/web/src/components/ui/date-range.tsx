import { dayRange } from '@labshop/shared';
import { cn } from './cn';

export interface DateRangeValue {
  /** YYYY-MM-DD or ''. */
  from: string;
  to: string;
}

/** A YYYY-MM-DD date input value as a local date; null when empty or not a date. */
function localDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * startTime / endTime of list calls (docs/product-rules.md section 7): epoch ms from the start of the first day
 * to the end of the last day; either end may be open, and reversed dates are put in order.
 */
export function dayRangeParams({ from, to }: DateRangeValue): {
  startTime?: number;
  endTime?: number;
} {
  let a = localDate(from);
  let b = localDate(to);
  if (a && b && a > b) [a, b] = [b, a];
  return {
    startTime: a ? dayRange(a, a)[0] : undefined,
    endTime: b ? dayRange(b, b)[1] : undefined,
  };
}

const input =
  'h-10 min-w-0 flex-1 rounded border border-gray-300 bg-white px-2 text-sm outline-none focus:border-primary sm:w-36 sm:flex-none';

/** Two date inputs, 开始日期 至 结束日期. */
export function DateRange({
  value,
  onChange,
  className,
}: {
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  className?: string;
}) {
  return (
    <span className={cn('flex items-center gap-2', className)}>
      <input
        type="date"
        aria-label="开始日期"
        value={value.from}
        onChange={(e) => onChange({ ...value, from: e.target.value })}
        className={input}
      />
      <span className="text-sm text-gray-500">至</span>
      <input
        type="date"
        aria-label="结束日期"
        value={value.to}
        onChange={(e) => onChange({ ...value, to: e.target.value })}
        className={input}
      />
    </span>
  );
}
