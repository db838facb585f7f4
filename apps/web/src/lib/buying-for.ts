import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS, readItem, removeItem, writeItem } from './storage';
import { getToken } from './session';

/*
 * Whom the member is buying for (docs/contract-prices-credit.md section 6): 个人 (null) or one
 * of their organizations. Chosen once for the whole storefront and remembered per browser for
 * that member's account (another account logging in on the same browser starts from 个人).
 * The request client names the organization (`X-Org-Id`) on the catalogue, search and cart
 * requests, so the server answers its contract prices; the server checks the membership, and
 * the organizations feature drops a choice of an organization the member is no longer in.
 */

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

interface Stored {
  account: string;
  orgId: number;
}

function readStored(): Stored | null {
  try {
    const parsed = JSON.parse(readItem(STORAGE_KEYS.buyingFor) ?? 'null') as unknown;
    if (parsed === null || typeof parsed !== 'object') return null;
    const { account, orgId } = parsed as Partial<Stored>;
    return typeof account === 'string' && Number.isInteger(orgId) && (orgId ?? 0) > 0
      ? { account, orgId: orgId as number }
      : null;
  } catch {
    return null;
  }
}

/** The organization the logged-in member buys for, or null (个人, or nobody logged in). */
export function getBuyingFor(): number | null {
  if (getToken() === null) return null;
  const stored = readStored();
  return stored && stored.account === (readItem(STORAGE_KEYS.account) ?? '') ? stored.orgId : null;
}

/** Chooses 个人 (null) or an organization for the logged-in member. */
export function setBuyingFor(orgId: number | null): void {
  if (orgId === getBuyingFor()) return;
  if (orgId === null) removeItem(STORAGE_KEYS.buyingFor);
  else
    writeItem(
      STORAGE_KEYS.buyingFor,
      JSON.stringify({ account: readItem(STORAGE_KEYS.account) ?? '', orgId }),
    );
  emit();
}

/** Requests whose answers carry contract prices: search, product detail and lists, cart. */
const PRICED = /^\/client\/v1\/(products|cart)(\/|$)/;

/** The `X-Org-Id` header a request to `path` carries, if any. */
export function buyingForHeaders(path: string): Record<string, string> {
  const orgId = PRICED.test(path) ? getBuyingFor() : null;
  return orgId === null ? {} : { 'X-Org-Id': String(orgId) };
}

/** Subscribes to choices made in this tab and, through storage events, in others. */
export function subscribeBuyingFor(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (
      e.key === null ||
      e.key === STORAGE_KEYS.buyingFor ||
      e.key === STORAGE_KEYS.token ||
      e.key === STORAGE_KEYS.account
    )
      listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The choice, null on the server and in the hydrating render (docs/web.md). */
export function useBuyingFor(): number | null {
  return useSyncExternalStore(subscribeBuyingFor, getBuyingFor, () => null);
}

/**
 * Chooses whom to buy for and asks the priced answers again (search, product, cart: their
 * query keys start with `products` and `cart`), which then carry the new choice's prices.
 */
export function useChooseBuyingFor(): (orgId: number | null) => void {
  const qc = useQueryClient();
  return useCallback(
    (orgId: number | null) => {
      if (orgId === getBuyingFor()) return;
      setBuyingFor(orgId);
      void qc.invalidateQueries({ queryKey: ['products'] });
      void qc.invalidateQueries({ queryKey: ['cart'] });
    },
    [qc],
  );
}
