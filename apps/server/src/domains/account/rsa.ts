import fs from 'node:fs/promises';
import path from 'node:path';
import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  privateDecrypt,
  type KeyObject,
} from 'node:crypto';
import { LIMITS } from '@labshop/shared';
import type { Config } from '../../config.ts';
import { badRequest } from '../../lib/errors.ts';

export interface RsaKey {
  privateKey: KeyObject;
  /** SPKI PEM handed to clients. */
  publicKeyPem: string;
  /** Length of every ciphertext made with this key (the modulus length in bytes). */
  ciphertextBytes: number;
}

export const RSA_KEY_FILE = 'rsa-private.pem';
export const UNDECRYPTABLE_PASSWORD = '密码未加密或无法解密';

function fromPem(pem: string): RsaKey {
  // Environment variables often carry the PEM with escaped line breaks.
  const privateKey = createPrivateKey(pem.includes('\\n') ? pem.replaceAll('\\n', '\n') : pem);
  const bits = privateKey.asymmetricKeyDetails?.modulusLength ?? 0;
  if (privateKey.asymmetricKeyType !== 'rsa' || bits < 2048) {
    throw new Error('the RSA private key must be an RSA key of at least 2048 bits');
  }
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' });
  return { privateKey, publicKeyPem: publicKeyPem.toString(), ciphertextBytes: bits / 8 };
}

function generatePem(): Promise<string> {
  return new Promise((resolve, reject) => {
    generateKeyPair(
      'rsa',
      {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      },
      (err, _publicKey, privateKey) => (err ? reject(err) : resolve(privateKey)),
    );
  });
}

async function loadOrCreate(dataDir: string): Promise<RsaKey> {
  const file = path.join(dataDir, RSA_KEY_FILE);
  try {
    return fromPem(await fs.readFile(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const pem = await generatePem();
  await fs.mkdir(dataDir, { recursive: true });
  try {
    // 'wx' lets exactly one of several instances sharing DATA_DIR write the key; the others read it.
    await fs.writeFile(file, pem, { flag: 'wx', mode: 0o600 });
    return fromPem(pem);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return fromPem(await fs.readFile(file, 'utf8'));
  }
}

const cache = new Map<string, Promise<RsaKey>>();

/**
 * The key pair for one configuration: RSA_PRIVATE_KEY when given, else the one kept in DATA_DIR
 * (made on first use). Loaded once per process and configuration.
 */
export function rsaKeyFor(config: Pick<Config, 'dataDir' | 'rsaPrivateKey'>): Promise<RsaKey> {
  const cacheKey = config.rsaPrivateKey ? `env:${config.rsaPrivateKey}` : `dir:${config.dataDir}`;
  let key = cache.get(cacheKey);
  if (!key) {
    key = config.rsaPrivateKey
      ? Promise.resolve().then(() => fromPem(config.rsaPrivateKey))
      : loadOrCreate(config.dataDir);
    // A failed load must not stick: the next request tries again.
    key.catch(() => cache.delete(cacheKey));
    cache.set(cacheKey, key);
  }
  return key;
}

const BASE64_RE = /^[A-Za-z0-9+/]+={0,2}$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decrypts one password field (base64 of RSA-OAEP-SHA256 ciphertext). Plain text, another
 * padding or a foreign key all fail the same way, with a message the user can act on.
 */
export function decryptPassword(key: RsaKey, field: string, missingMessage: string): string {
  const ciphertext = BASE64_RE.test(field) ? Buffer.from(field, 'base64') : null;
  if (!ciphertext || ciphertext.length !== key.ciphertextBytes)
    throw badRequest(UNDECRYPTABLE_PASSWORD);
  let password: string;
  try {
    const plain = privateDecrypt(
      { key: key.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      ciphertext,
    );
    password = utf8.decode(plain);
  } catch {
    throw badRequest(UNDECRYPTABLE_PASSWORD);
  }
  if (password.length === 0) throw badRequest(missingMessage);
  if (password.length > LIMITS.passwordMax) {
    throw badRequest(`密码过长，最多 ${LIMITS.passwordMax} 个字符`);
  }
  return password;
}
