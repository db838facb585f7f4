import type { ReactNode } from 'react';

/** Heading of an account page, with optional actions on the right. */
export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-5 flex items-center justify-between gap-3 border-b border-gray-100 pb-3">
      <h2 className="text-lg font-semibold text-gray-900">{children}</h2>
      {actions}
    </div>
  );
}
