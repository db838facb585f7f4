import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Current scrypt cost: N=2^15, r=8, p=1 (about 32 MiB and tens of ms per hash). */
const CURRENT = { N: 32768, r: 8, p: 1 } as const;
const KEY_LEN = 32;
/** Bounds on stored parameters, so a tampered or corrupt hash cannot exhaust memory. */
const MAX_N = 2 ** 20;
const MAX_MEM = 1024 * 1024 * 1024;

function scryptAsync(password: string, salt: Buffer, cost: ScryptOptions, keyLen: number) {
  const maxmem = Math.min(MAX_MEM, 256 * (cost.N ?? 0) * (cost.r ?? 0) + 64 * 1024 * 1024);
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLen, { ...cost, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** Hashes off the event loop; the result carries its parameters and salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, CURRENT, KEY_LEN);
  return `scrypt$${CURRENT.N}$${CURRENT.r}$${CURRENT.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

interface Parsed {
  cost: { N: number; r: number; p: number };
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): Parsed | null {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (scheme !== 'scrypt' || !saltB64 || !keyB64) return null;
  const powerOfTwo = Number.isInteger(cost.N) && cost.N > 1 && (cost.N & (cost.N - 1)) === 0;
  if (!powerOfTwo || cost.N > MAX_N) return null;
  if (!Number.isInteger(cost.r) || cost.r < 1 || cost.r > 32) return null;
  if (!Number.isInteger(cost.p) || cost.p < 1 || cost.p > 16) return null;
  const key = Buffer.from(keyB64, 'base64');
  if (key.length < 16) return null;
  return { cost, salt: Buffer.from(saltB64, 'base64'), key };
}

/**
 * Checks a password against a stored hash with the parameters stored in it, so the cost can be
 * raised later without locking anyone out; `outdated` says the hash should be remade now.
 */
export async function checkPassword(
  password: string,
  stored: string,
): Promise<{ ok: boolean; outdated: boolean }> {
  const parsed = parse(stored);
  if (!parsed) return { ok: false, outdated: false };
  const actual = await scryptAsync(password, parsed.salt, parsed.cost, parsed.key.length);
  const ok = timingSafeEqual(actual, parsed.key);
  const { N, r, p } = parsed.cost;
  const outdated =
    N !== CURRENT.N || r !== CURRENT.r || p !== CURRENT.p || parsed.key.length !== KEY_LEN;
  return { ok, outdated: ok && outdated };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  return (await checkPassword(password, stored)).ok;
}
