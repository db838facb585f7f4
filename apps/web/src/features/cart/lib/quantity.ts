import { LIMITS } from '@labshop/shared';

/** Typed quantity text: whole numbers only (decimals cut off), capped at the largest line quantity; '' while empty. */
export function cleanQuantity(text: string): string {
  const digits = (text.split('.')[0] ?? '').replace(/\D/g, '').replace(/^0+/, '');
  if (digits === '') return '';
  return String(Math.min(Number(digits), LIMITS.quantityMax));
}
