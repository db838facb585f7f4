/** A new shared secret: 24 random bytes as base64url (32 characters, above the 12 required). */
export function newSharedSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** The host list as staff type it: one per line or separated by commas or spaces. */
export const hostsOf = (text: string): string[] =>
  text
    .split(/[\s,，]+/)
    .map((h) => h.trim())
    .filter(Boolean);
