import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readItem, removeItem, writeItem } from './storage';
import { navigateTo } from './navigation';

/** Login result stored on success (docs/product-rules.md section 3). */
export interface SessionData {
  token: string;
  exp: number;
  name: string;
  account: string;
}

const SESSION_KEYS: string[] = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.name,
  STORAGE_KEYS.account,
  STORAGE_KEYS.punchout,
];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function getToken(): string | null {
  return readItem(STORAGE_KEYS.token);
}

export function getExp(): number {
  return Number(readItem(STORAGE_KEYS.exp) ?? 0);
}

export function saveSession(s: SessionData): void {
  // A login of its own ends any PunchOut session (lib/punchout.ts marks one after this).
  removeItem(STORAGE_KEYS.punchout);
  writeItem(STORAGE_KEYS.token, s.token);
  writeItem(STORAGE_KEYS.exp, String(s.exp));
  writeItem(STORAGE_KEYS.name, s.name);
  writeItem(STORAGE_KEYS.account, s.account);
  emit();
}

/** Keeps the name shown in the header in step with a saved profile. */
export function saveSessionName(name: string): void {
  if (getToken() === null) return;
  writeItem(STORAGE_KEYS.name, name);
  emit();
}

/** Keeps the stored account in step after the member changed the phone or email they log in with. */
export function saveSessionAccount(account: string): void {
  if (getToken() === null) return;
  writeItem(STORAGE_KEYS.account, account);
  emit();
}

export function saveRenewedToken(token: string, exp: number): void {
  writeItem(STORAGE_KEYS.token, token);
  writeItem(STORAGE_KEYS.exp, String(exp));
  emit();
}

/** The login page, coming back to `from` (a same-site path) after logging in. */
export function loginPath(from?: string): string {
  return from && from.startsWith('/') && !from.startsWith('/login') && from !== '/'
    ? `/login?redirect=${encodeURIComponent(from)}`
    : '/login';
}

/** The `redirect` query value when it is a same-site path; '/' otherwise. */
export function safeRedirect(value: string | null | undefined): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')
    ? value
    : '/';
}

let loggedOutToken: string | null = null;

/**
 * Remembers a token the member just logged out with: requests still in flight with it answer
 * 601, which must not send the member to /login on their way to the home page.
 */
export function markLoggedOut(token: string | null): void {
  loggedOutToken = token;
}

export const isLoggedOutToken = (token: string | null): boolean =>
  token !== null && token === loggedOutToken;

/**
 * Removes token, exp, name and account; optionally goes to /login (docs/product-rules.md section 4), which
 * brings the member back to the page they were on.
 */
export function clearSession({ toLogin }: { toLogin: boolean }): void {
  removeItem(STORAGE_KEYS.token);
  removeItem(STORAGE_KEYS.exp);
  removeItem(STORAGE_KEYS.name);
  removeItem(STORAGE_KEYS.account);
  removeItem(STORAGE_KEYS.punchout);
  emit();
  if (toLogin && !window.location.pathname.startsWith('/login')) {
    navigateTo(loginPath(window.location.pathname + window.location.search));
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    // Another tab logged in, out, or renamed the member.
    if (e.key === null || SESSION_KEYS.includes(e.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** True while the stored token is a PunchOut session's (docs/punchout.md). */
export function markPunchout(): void {
  writeItem(STORAGE_KEYS.punchout, '1');
  emit();
}

export function useIsPunchoutMarked(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => getToken() !== null && readItem(STORAGE_KEYS.punchout) === '1',
    () => false,
  );
}

/** Logged-in display is decided by token presence. */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => getToken() !== null,
    () => false,
  );
}

export function useAccountName(): string {
  return useSyncExternalStore(
    subscribe,
    () => readItem(STORAGE_KEYS.name) || readItem(STORAGE_KEYS.account) || '',
    () => '',
  );
}
