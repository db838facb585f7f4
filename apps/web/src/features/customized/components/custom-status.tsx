import { CUSTOM_STATUS_LABEL } from '@labshop/shared';
import { cn } from '@/components/ui/cn';

const TONE: Record<number, string> = {
  1: 'bg-orange-50 text-orange-600',
  2: 'bg-primary-50 text-primary',
  3: 'bg-gray-100 text-gray-400',
};

export function CustomStatus({ status }: { status: number }) {
  return (
    <span
      data-testid="custom-status"
      className={cn('rounded px-2 py-0.5 text-xs font-medium whitespace-nowrap', TONE[status])}
    >
      {CUSTOM_STATUS_LABEL[status] ?? '--'}
    </span>
  );
}
