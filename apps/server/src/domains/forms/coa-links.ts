import { createHash, createHmac, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { Config } from '../../config.ts';
import { rsaKeyFor } from '../account/index.ts';

/**
 * Certificate PDFs are not served at their file path: the COA lookup hands out a link that names
 * the file, an expiry and an HMAC over both, and only such a link opens the file. The HMAC key is
 * derived from the shop's RSA private key, which every instance shares.
 */
export const COA_FILE_PATH = '/yifanglab-client/v1/coa/file';
/** How long a handed-out link works; the lookup page is reloaded far sooner. */
export const COA_LINK_TTL_MS = 60 * 60 * 1000;
/** Directory below DATA_DIR/files that the public file route never serves. */
export const COA_DIR = 'coa';

export const linkKeyFrom = (privateKey: KeyObject): Buffer =>
  createHash('sha256')
    .update('coa-link\u0000')
    .update(privateKey.export({ type: 'pkcs8', format: 'der' }))
    .digest();

/** The link key of the shop's configuration (the RSA key is read once per process). */
export const coaLinkKeyFor = (config: Pick<Config, 'dataDir' | 'rsaPrivateKey'>) =>
  rsaKeyFor(config).then((k) => linkKeyFrom(k.privateKey));

const sign = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url');

/** A link to the file (a path below the files directory) that works until `expires`. */
export function signCoaLink(key: Buffer, file: string, expires: number): string {
  const payload = Buffer.from(JSON.stringify({ f: file, e: expires })).toString('base64url');
  return `${COA_FILE_PATH}?token=${payload}.${sign(key, payload)}`;
}

/** The file a token opens, or null when the token is forged, altered or expired. */
export function openCoaToken(key: Buffer, token: string, at: number): string | null {
  const [payload = '', signature = '', extra] = token.split('.');
  if (extra !== undefined || !payload || !signature) return null;
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const { f, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      f?: unknown;
      e?: unknown;
    };
    if (typeof f !== 'string' || typeof e !== 'number' || e < at) return null;
    return f;
  } catch {
    return null;
  }
}
