import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cn } from './cn';

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  function Select({ className, children, ...rest }, ref) {
    return (
      <select
        ref={ref}
        className={cn(
          'h-10 rounded border border-gray-300 bg-white px-2 text-sm outline-none focus:border-primary',
          className,
        )}
        {...rest}
      >
        {children}
      </select>
    );
  },
);
