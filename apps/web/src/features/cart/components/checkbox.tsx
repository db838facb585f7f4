import * as RadixCheckbox from '@radix-ui/react-checkbox';
import type { SelectAllState } from '../lib/selection';

/** Checkbox with the indeterminate state of select-all (aria-checked="mixed"). */
export function Checkbox({
  checked,
  onChange,
  label,
  disabled = false,
}: {
  checked: SelectAllState;
  onChange: () => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <RadixCheckbox.Root
      checked={checked}
      onCheckedChange={onChange}
      aria-label={label}
      disabled={disabled}
      className="flex disabled:cursor-not-allowed disabled:border-gray-200 disabled:bg-gray-100 h-4 w-4 shrink-0 items-center justify-center rounded-sm border border-gray-400 bg-white text-white outline-none focus-visible:ring-2 focus-visible:ring-primary/40 data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary"
    >
      <RadixCheckbox.Indicator>
        {checked === 'indeterminate' ? (
          <span className="block h-0.5 w-2 bg-white" />
        ) : (
          <svg
            viewBox="0 0 12 12"
            className="h-3 w-3"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M2.5 6.2 5 8.5l4.5-5" />
          </svg>
        )}
      </RadixCheckbox.Indicator>
    </RadixCheckbox.Root>
  );
}
