import { createCipheriv, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WechatConfig } from '../../payments-config.ts';
import { loadPaymentsConfig } from '../../payments-config.ts';
import { authorization, decryptResource, signMessage, verifySigned } from './wechatpay.ts';

const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
const cfg: WechatConfig = {
  mchId: '1900000109',
  appId: 'wx1',
  apiV3Key: '0123456789abcdef0123456789abcdef',
  privateKey: merchant.privateKey,
  certSerial: 'SERIAL1',
  platformPublicKey: platform.publicKey,
  platformSerial: 'PUB_KEY_ID_1',
  baseUrl: 'http://127.0.0.1:1',
};

function signed(body: string, ts = Math.floor(Date.now() / 1000)) {
  const nonce = 'n1';
  return {
    timestamp: String(ts),
    nonce,
    serial: 'PUB_KEY_ID_1',
    signature: signMessage(platform.privateKey, `${ts}\n${nonce}\n${body}\n`),
  };
}

describe('WeChat Pay v3 signatures', () => {
  it('signs the method, path, time, nonce and body of a request with the merchant key', () => {
    const header = authorization(
      cfg,
      'POST',
      '/v3/pay/transactions/native',
      '{"a":1}',
      1700000000,
      'abc',
    );
    expect(header).toMatch(
      /^WECHATPAY2-SHA256-RSA2048 mchid="1900000109",nonce_str="abc",signature="[^"]+",timestamp="1700000000",serial_no="SERIAL1"$/,
    );
    const signature = /signature="([^"]+)"/.exec(header)?.[1] ?? '';
    const message = 'POST\n/v3/pay/transactions/native\n1700000000\nabc\n{"a":1}\n';
    expect(
      createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, signature, 'base64'),
    ).toBe(true);
  });

  it('accepts an answer signed by the platform key and refuses any change', () => {
    const body = '{"code_url":"weixin://x"}';
    expect(verifySigned(cfg, signed(body), body)).toBe(true);
    expect(verifySigned(cfg, signed(body), body.replace('x', 'y'))).toBe(false);
    expect(verifySigned(cfg, { ...signed(body), serial: 'OTHER' }, body)).toBe(false);
    expect(verifySigned(cfg, { ...signed(body), signature: undefined }, body)).toBe(false);
    const forged = signMessage(merchant.privateKey, `${signed(body).timestamp}\nn1\n${body}\n`);
    expect(verifySigned(cfg, { ...signed(body), signature: forged }, body)).toBe(false);
  });

  it('refuses a notification older than five minutes (replay)', () => {
    const old = Math.floor(Date.now() / 1000) - 301;
    expect(verifySigned(cfg, signed('{}', old), '{}')).toBe(false);
  });

  it('decrypts an AES-256-GCM resource and refuses a wrong key or changed text', () => {
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(cfg.apiV3Key), Buffer.from(nonce));
    cipher.setAAD(Buffer.from('transaction'));
    const data = Buffer.concat([
      cipher.update('{"trade_state":"SUCCESS"}'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    const resource = {
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: data.toString('base64'),
      nonce,
      associated_data: 'transaction',
    };
    expect(decryptResource(cfg.apiV3Key, resource)).toBe('{"trade_state":"SUCCESS"}');
    expect(() => decryptResource('f'.repeat(32), resource)).toThrow();
    expect(() =>
      decryptResource(cfg.apiV3Key, { ...resource, associated_data: 'refund' }),
    ).toThrow();
  });
});

describe('payment configuration', () => {
  const pemOf = (
    k: { export: (o: { type: 'pkcs8' | 'spki'; format: 'pem' }) => string | Buffer },
    type: 'pkcs8' | 'spki',
  ) => k.export({ type, format: 'pem' }).toString();
  const complete = {
    PAYMENT_NOTIFY_BASE_URL: 'https://shop.example.com/',
    WECHATPAY_MCH_ID: '1900000109',
    WECHATPAY_APP_ID: 'wx1',
    WECHATPAY_API_V3_KEY: cfg.apiV3Key,
    WECHATPAY_PRIVATE_KEY: pemOf(merchant.privateKey, 'pkcs8').replace(/\n/g, '\\n'),
    WECHATPAY_CERT_SERIAL: 'S',
    WECHATPAY_PLATFORM_PUBLIC_KEY: pemOf(platform.publicKey, 'spki'),
    WECHATPAY_PLATFORM_SERIAL: 'P',
    ALIPAY_APP_ID: '2021',
    ALIPAY_SELLER_ID: '2088000000000001',
    // Bare base64, as the provider's key tool prints it.
    ALIPAY_PRIVATE_KEY: pemOf(merchant.privateKey, 'pkcs8').replace(/-----[A-Z ]+-----|\n/g, ''),
    ALIPAY_PUBLIC_KEY: pemOf(platform.publicKey, 'spki'),
  };

  it('turns a gateway on only with complete settings and a notify base URL', () => {
    const on = loadPaymentsConfig(complete);
    expect(on.wechat?.baseUrl).toBe('https://api.mch.weixin.qq.com');
    expect(on.alipay?.keyType).toBe('PKCS8');
    expect(on.notifyBaseUrl).toBe('https://shop.example.com');
    expect(loadPaymentsConfig({ ...complete, PAYMENT_NOTIFY_BASE_URL: '' })).toMatchObject({
      wechat: null,
      alipay: null,
    });
    expect(loadPaymentsConfig({ ...complete, WECHATPAY_API_V3_KEY: 'short' }).wechat).toBeNull();
    expect(
      loadPaymentsConfig({ ...complete, WECHATPAY_PLATFORM_PUBLIC_KEY: 'not a key' }).wechat,
    ).toBeNull();
    expect(loadPaymentsConfig({ ...complete, ALIPAY_APP_ID: '' }).alipay).toBeNull();
    // Without the seller id notifications could not be checked as the shop's own money.
    expect(loadPaymentsConfig({ ...complete, ALIPAY_SELLER_ID: '' }).alipay).toBeNull();
  });

  it('closes unpaid orders after 24 hours online and 7 days by bank transfer unless configured', () => {
    expect(loadPaymentsConfig({})).toMatchObject({
      onlineTimeoutMs: 86_400_000,
      bankTimeoutMs: 604_800_000,
    });
    expect(loadPaymentsConfig({ PAYMENT_TIMEOUT_ONLINE_MINUTES: '30' }).onlineTimeoutMs).toBe(
      1_800_000,
    );
  });
});
