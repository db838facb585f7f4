import { ORDER_STATUS_LABEL } from '@labshop/shared';
import { cn } from '@/components/ui/cn';

const TONE: Record<number, string> = {
  1: 'bg-orange-50 text-orange-600',
  2: 'bg-blue-50 text-blue-600',
  3: 'bg-primary-50 text-primary',
  4: 'bg-gray-100 text-gray-700',
  5: 'bg-gray-100 text-gray-400',
};

export function OrderStatusBadge({ status }: { status: number }) {
  return (
    <span
      data-testid="order-status"
      className={cn('rounded px-2 py-0.5 text-xs font-medium whitespace-nowrap', TONE[status])}
    >
      {ORDER_STATUS_LABEL[status] ?? '--'}
    </span>
  );
}
