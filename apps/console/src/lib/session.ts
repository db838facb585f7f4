import { useSyncExternalStore } from 'react';
import { hasPermission, mayTake, type Permission, type StaffAction } from '@labshop/shared';

/**
 * The logged-in staff member, kept in localStorage under keys of its own: the storefront on the
 * same origin keeps a member's token under `token`, and the two must never mix.
 */
export interface StaffSession {
  token: string;
  name: string;
  account: string;
  roles: string[];
  /** STAFF_2FA=required holds this account at the two-factor screen until it enrols. */
  twoFactorSetupRequired?: boolean;
}

const KEY = 'console.session';
const listeners = new Set<() => void>();
let cachedText: string | null = null;
let cached: StaffSession | null = null;

function read(): StaffSession | null {
  let text: string | null = null;
  try {
    text = localStorage.getItem(KEY);
  } catch {
    return null;
  }
  if (text === cachedText) return cached;
  cachedText = text;
  try {
    cached = text ? (JSON.parse(text) as StaffSession) : null;
  } catch {
    cached = null;
  }
  return cached;
}

const emit = () => listeners.forEach((l) => l());

export const getSession = read;
export const getToken = () => read()?.token ?? null;

export function saveSession(s: StaffSession): void {
  localStorage.setItem(KEY, JSON.stringify(s));
  emit();
}

export function clearSession(): void {
  localStorage.removeItem(KEY);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): StaffSession | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

/**
 * Whether the logged-in staff may use a screen that needs the permission (any of them, for a
 * screen whose parts belong to different permissions).
 */
export function can(
  session: StaffSession | null,
  permission: Permission | readonly Permission[] | undefined,
): boolean {
  if (!session) return false;
  if (permission === undefined) return true;
  const anyOf: readonly Permission[] = typeof permission === 'string' ? [permission] : permission;
  return anyOf.some((p) => hasPermission(session.roles, p));
}

/**
 * Whether the logged-in staff may take a money or stock action (`ACTION_PERMISSION`): its button
 * shows exactly when the server would let it through.
 */
export function mayDo(session: StaffSession | null, action: StaffAction): boolean {
  return session !== null && mayTake(session.roles, action);
}
