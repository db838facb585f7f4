import { safeRedirect } from '@/lib/session';

/**
 * The account page `page` (1-1 个人信息, 1-2 发票信息, 1-3 收货地址) that sends the member back to
 * `from` after saving: the checkout or quote that asked them to complete their details.
 */
export const accountPath = (page: string, from: string): string =>
  `/userinfo/${page}?redirect=${encodeURIComponent(from)}`;

/** The `redirect` value of an account page when it is a same-site path other than /; else null. */
export function returnTarget(value: string | null): string | null {
  return value && value !== '/' && safeRedirect(value) === value ? value : null;
}
