import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { encryptPassword, resetPublicKey } from './rsa';

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

/** What the server does with a password field. */
const decrypt = (b64: string) =>
  privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(b64, 'base64'),
  ).toString('utf8');

const keyAnswer = () =>
  new Response(
    JSON.stringify({ code: 0, msg: 'ok', data: { publicKey, algorithm: 'RSA-OAEP-256' } }),
    {
      headers: { 'Content-Type': 'application/json' },
    },
  );

let fetchMock: ReturnType<typeof vi.fn>;

beforeAll(() => {
  expect(globalThis.crypto.subtle).toBeDefined();
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetPublicKey();
});

function stubKeyServer() {
  fetchMock = vi.fn(() => Promise.resolve(keyAnswer()));
  vi.stubGlobal('fetch', fetchMock);
}

describe('encryptPassword', () => {
  it('encrypts with WebCrypto RSA-OAEP SHA-256 and fetches the key once', async () => {
    stubKeyServer();
    const a = await encryptPassword('Demo#123456');
    const b = await encryptPassword('密码Pass#1');
    expect(decrypt(a)).toBe('Demo#123456');
    expect(decrypt(b)).toBe('密码Pass#1');
    expect(a).not.toBe(await encryptPassword('Demo#123456'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/client/v1/system/public-key');
  });

  it('falls back to node-forge with OAEP SHA-256 where crypto.subtle is missing', async () => {
    stubKeyServer();
    const subtle = vi.spyOn(globalThis.crypto.subtle, 'encrypt');
    vi.stubGlobal('crypto', {
      getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto),
    });
    const cipher = await encryptPassword('Ünïcode#Pass9 中文');
    expect(decrypt(cipher)).toBe('Ünïcode#Pass9 中文');
    expect(Buffer.from(cipher, 'base64')).toHaveLength(256);
    expect(subtle).not.toHaveBeenCalled();
  });

  it('asks for the key again after a failed fetch', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await expect(encryptPassword('x')).rejects.toThrow();
    stubKeyServer();
    expect(decrypt(await encryptPassword('again'))).toBe('again');
  });
});
