import { formatPrice } from '@labshop/shared';
import { cn } from './cn';

/** ￥ with two decimals, or 询价 when the price is missing. */
export function Price({
  value,
  className,
}: {
  value: number | null | undefined;
  className?: string;
}) {
  return <span className={cn('tabular-nums', className)}>{formatPrice(value)}</span>;
}
