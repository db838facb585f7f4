import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from './cn';

const FIELD =
  'w-full rounded border border-gray-300 bg-white px-3 text-sm outline-none transition-colors placeholder:text-gray-400 focus:border-primary disabled:bg-gray-100';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  function Input({ className, ...rest }, ref) {
    return <input ref={ref} className={cn(FIELD, 'h-10', className)} {...rest} />;
  },
);

export const Textarea = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement>
>(function Textarea({ className, rows = 4, ...rest }, ref) {
  return <textarea ref={ref} rows={rows} className={cn(FIELD, 'py-2', className)} {...rest} />;
});

/** A labelled form row; `required` shows the red asterisk. */
export function Field({
  label,
  required,
  children,
  className,
}: {
  label: ReactNode;
  required?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <label className={cn('flex flex-col gap-1 sm:flex-row sm:items-start sm:gap-3', className)}>
      <span className="shrink-0 pt-2 text-sm text-gray-600 sm:w-28 sm:text-right">
        {required && <span className="mr-0.5 text-red-500">*</span>}
        {label}
      </span>
      <span className="min-w-0 flex-1">{children}</span>
    </label>
  );
}
