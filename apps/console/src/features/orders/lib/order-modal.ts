import { useState } from 'react';
import type { ManageOrderDetail } from '@labshop/shared/schemas';

/** What every dialog of the order detail is given: the order, whether it is open, how to close. */
export interface OrderModalProps {
  order: ManageOrderDetail;
  open: boolean;
  onClose: () => void;
}

/** Which of the order detail's dialogs is open: at most one at a time. */
export function useModal<T extends string>() {
  const [open, setOpen] = useState<T | null>(null);
  return { open, show: (m: T) => setOpen(m), close: () => setOpen(null) };
}
