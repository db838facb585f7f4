import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { constants, generateKeyPairSync, publicEncrypt } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { body, createTestContext } from '../../../test/helpers.ts';
import { decryptPassword, RSA_KEY_FILE, rsaKeyFor } from './rsa.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labshop-rsa-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const pair = (bits = 2048) =>
  generateKeyPairSync('rsa', {
    modulusLength: bits,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const encrypt = (publicKey: string, plain: string) =>
  publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(plain, 'utf8'),
  ).toString('base64');

describe('RSA key', () => {
  it('makes a 2048-bit key on first use, keeps it in DATA_DIR readable by the owner only', async () => {
    const dataDir = path.join(tempDir(), 'nested');
    const key = await rsaKeyFor({ dataDir, rsaPrivateKey: '' });
    const file = path.join(dataDir, RSA_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(key.privateKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(await rsaKeyFor({ dataDir, rsaPrivateKey: '' })).toBe(key);
  });

  it('uses the key already kept in DATA_DIR', async () => {
    const dataDir = tempDir();
    const kept = pair();
    fs.writeFileSync(path.join(dataDir, RSA_KEY_FILE), kept.privateKey, { mode: 0o600 });
    const key = await rsaKeyFor({ dataDir, rsaPrivateKey: '' });
    expect(key.publicKeyPem).toBe(kept.publicKey);
  });

  it('uses RSA_PRIVATE_KEY when given, also with escaped line breaks, and writes no file', async () => {
    const given = pair();
    const dataDir = tempDir();
    const escaped = given.privateKey.replaceAll('\n', '\\n');
    const key = await rsaKeyFor({ dataDir, rsaPrivateKey: escaped });
    expect(key.publicKeyPem).toBe(given.publicKey);
    expect(fs.existsSync(path.join(dataDir, RSA_KEY_FILE))).toBe(false);

    const ctx = await createTestContext({ RSA_PRIVATE_KEY: given.privateKey });
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/client/v1/system/public-key' });
      expect(body<{ publicKey: string }>(res).data.publicKey).toBe(given.publicKey);
    } finally {
      await ctx.close();
    }
  });

  it('refuses a key shorter than 2048 bits', async () => {
    await expect(
      rsaKeyFor({ dataDir: tempDir(), rsaPrivateKey: pair(1024).privateKey }),
    ).rejects.toThrow(/at least 2048 bits/);
  });

  it('makes the key of an app in its DATA_DIR on the first public-key request', async () => {
    const ctx = await createTestContext();
    try {
      const file = path.join(ctx.config.dataDir, RSA_KEY_FILE);
      const res = await ctx.app.inject({ method: 'GET', url: '/client/v1/system/public-key' });
      expect(res.statusCode).toBe(200);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      await ctx.close();
    }
  });
});

describe('password decryption', () => {
  it('decrypts UTF-8 passwords and refuses anything else', async () => {
    const given = pair();
    const key = await rsaKeyFor({ dataDir: tempDir(), rsaPrivateKey: given.privateKey });
    expect(decryptPassword(key, encrypt(given.publicKey, '密码Pass#1'), '请输入密码')).toBe(
      '密码Pass#1',
    );
    const refused = (field: string) => () => decryptPassword(key, field, '请输入密码');
    expect(refused('Pass#1234')).toThrow('密码未加密或无法解密');
    expect(refused('')).toThrow('密码未加密或无法解密');
    expect(refused(encrypt(pair().publicKey, 'Pass#1234'))).toThrow('密码未加密或无法解密');
    expect(refused(encrypt(given.publicKey, ''))).toThrow('请输入密码');
    expect(refused(encrypt(given.publicKey, 'x'.repeat(65)))).toThrow('密码过长，最多 64 个字符');
    const invalidUtf8 = publicEncrypt(
      { key: given.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from([0xff, 0xfe, 0x41]),
    ).toString('base64');
    expect(refused(invalidUtf8)).toThrow('密码未加密或无法解密');
  });
});
