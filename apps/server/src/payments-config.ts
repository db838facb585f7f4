import fs from 'node:fs';
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { PayType } from '@labshop/shared';
import { badRequest } from './lib/errors.ts';

/** WeChat Pay API v3 merchant settings (all required, or WeChat Pay is off). */
export interface WechatConfig {
  mchId: string;
  appId: string;
  /** APIv3 key: 32 bytes, decrypts notification resources. */
  apiV3Key: string;
  privateKey: KeyObject;
  /** Serial number of the merchant API certificate whose private key signs requests. */
  certSerial: string;
  /** Platform public key (or the key of the platform certificate) that signs answers. */
  platformPublicKey: KeyObject;
  /** Platform certificate serial or public key id (PUB_KEY_ID_...) named by Wechatpay-Serial. */
  platformSerial: string;
  baseUrl: string;
}

/** Alipay open platform settings (RSA2, public key mode). */
export interface AlipayConfig {
  appId: string;
  /** The merchant's Alipay account (PID, 2088…) that receives the money: notifications must name it. */
  sellerId: string;
  /** Application private key, PEM (PKCS#8 or PKCS#1). */
  privateKeyPem: string;
  keyType: 'PKCS1' | 'PKCS8';
  alipayPublicKeyPem: string;
  gatewayUrl: string;
}

export interface PaymentsConfig {
  wechat: WechatConfig | null;
  alipay: AlipayConfig | null;
  /** Public origin of the shop, e.g. https://shop.example.com: notify and return URLs start here. */
  notifyBaseUrl: string;
  /** Unpaid online-payment orders close after this long. */
  onlineTimeoutMs: number;
  /** Unpaid bank-transfer orders close after this long. */
  bankTimeoutMs: number;
  /** Whether this process runs the scheduled jobs. */
  jobsEnabled: boolean;
  /** How often the scheduler looks for due jobs. */
  jobsTickMs: number;
}

const MINUTE = 60_000;

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** A PEM given inline (with real or escaped newlines) or as the path of a file holding it. */
function pemOf(value: string | undefined): string {
  const v = (value ?? '').trim();
  if (!v) return '';
  if (v.includes('-----BEGIN')) return v.replace(/\\n/g, '\n');
  if (!v.includes('\n') && fs.existsSync(v)) return fs.readFileSync(v, 'utf8').trim();
  return v;
}

/** Wraps bare base64 (as the providers' key tools print it) into a PEM of the given label. */
function wrap(body: string, label: string): string {
  const lines = body.replace(/\s+/g, '').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----`;
}

function privateKeyOf(value: string | undefined): { pem: string; type: 'PKCS1' | 'PKCS8' } | null {
  const pem = pemOf(value);
  if (!pem) return null;
  const candidates = pem.includes('-----BEGIN')
    ? [pem]
    : [wrap(pem, 'PRIVATE KEY'), wrap(pem, 'RSA PRIVATE KEY')];
  for (const candidate of candidates) {
    try {
      createPrivateKey(candidate);
      return { pem: candidate, type: candidate.includes('RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8' };
    } catch {
      // Try the next encoding; a key that parses in none leaves the gateway off.
    }
  }
  return null;
}

function publicKeyOf(value: string | undefined): KeyObject | null {
  const pem = pemOf(value);
  if (!pem) return null;
  try {
    return createPublicKey(pem.includes('-----BEGIN') ? pem : wrap(pem, 'PUBLIC KEY'));
  } catch {
    return null;
  }
}

function loadWechat(env: NodeJS.ProcessEnv): WechatConfig | null {
  const mchId = env.WECHATPAY_MCH_ID ?? '';
  const appId = env.WECHATPAY_APP_ID ?? '';
  const apiV3Key = env.WECHATPAY_API_V3_KEY ?? '';
  const certSerial = env.WECHATPAY_CERT_SERIAL ?? '';
  const platformSerial = env.WECHATPAY_PLATFORM_SERIAL ?? '';
  const key = privateKeyOf(env.WECHATPAY_PRIVATE_KEY);
  const platformPublicKey = publicKeyOf(env.WECHATPAY_PLATFORM_PUBLIC_KEY);
  if (!mchId || !appId || Buffer.byteLength(apiV3Key) !== 32 || !certSerial || !platformSerial) {
    return null;
  }
  if (!key || !platformPublicKey) return null;
  return {
    mchId,
    appId,
    apiV3Key,
    privateKey: createPrivateKey(key.pem),
    certSerial,
    platformPublicKey,
    platformSerial,
    baseUrl: (env.WECHATPAY_BASE_URL || 'https://api.mch.weixin.qq.com').replace(/\/+$/, ''),
  };
}

function loadAlipay(env: NodeJS.ProcessEnv): AlipayConfig | null {
  const appId = env.ALIPAY_APP_ID ?? '';
  const sellerId = env.ALIPAY_SELLER_ID ?? '';
  const key = privateKeyOf(env.ALIPAY_PRIVATE_KEY);
  const publicKey = publicKeyOf(env.ALIPAY_PUBLIC_KEY);
  if (!appId || !sellerId || !key || !publicKey) return null;
  return {
    appId,
    sellerId,
    privateKeyPem: key.pem,
    keyType: key.type,
    alipayPublicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    gatewayUrl: env.ALIPAY_GATEWAY_URL || 'https://openapi.alipay.com/gateway.do',
  };
}

/**
 * Reads the payment settings from the environment. A gateway whose settings are incomplete or
 * whose keys do not parse is off (null), and so is every gateway without a notify base URL:
 * the shop must never take an online payment it cannot hear about.
 */
export function loadPaymentsConfig(env: NodeJS.ProcessEnv = process.env): PaymentsConfig {
  const notifyBaseUrl = (env.PAYMENT_NOTIFY_BASE_URL ?? '').replace(/\/+$/, '');
  return {
    wechat: notifyBaseUrl ? loadWechat(env) : null,
    alipay: notifyBaseUrl ? loadAlipay(env) : null,
    notifyBaseUrl,
    onlineTimeoutMs: positiveInt(env.PAYMENT_TIMEOUT_ONLINE_MINUTES, 24 * 60) * MINUTE,
    bankTimeoutMs: positiveInt(env.PAYMENT_TIMEOUT_BANK_MINUTES, 7 * 24 * 60) * MINUTE,
    jobsEnabled: env.JOBS !== 'off',
    jobsTickMs: positiveInt(env.JOBS_TICK_SECONDS, 30) * 1000,
  };
}

export const PAY_TYPE_OFF = '该支付方式暂未开通，请选择其他支付方式';

/** Pay types the shop can collect now: bank transfer and balance always, gateways when set up. */
export function offeredPayTypes(cfg: PaymentsConfig): number[] {
  const types: number[] = [PayType.BANK_TRANSFER];
  if (cfg.wechat) types.push(PayType.WECHAT);
  if (cfg.alipay) types.push(PayType.ALIPAY);
  types.push(PayType.BALANCE);
  return types;
}

export function assertPayTypeOffered(cfg: PaymentsConfig, payType: number): void {
  if (!offeredPayTypes(cfg).includes(payType)) throw badRequest(PAY_TYPE_OFF);
}

/**
 * The pay type an order is placed with: one the shop offers, or 月结 (an organization's credit,
 * which placing checks against the organization, docs/contract-prices-credit.md).
 */
export function assertPlacingPayType(cfg: PaymentsConfig, payType: number): void {
  if (payType !== PayType.CREDIT) assertPayTypeOffered(cfg, payType);
}
