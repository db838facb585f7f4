import {
  createDecipheriv,
  createSign,
  createVerify,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import type { WechatConfig } from '../../payments-config.ts';
import { chinaRfc3339 } from '../../lib/clock.ts';

/**
 * WeChat Pay API v3 on Node's crypto: every request is signed with the merchant key
 * (WECHATPAY2-SHA256-RSA2048), every answer and notification is verified against the platform
 * key, and notification resources are decrypted with the APIv3 key (AES-256-GCM).
 */

/** Answers and notifications older or newer than this are refused (replay protection). */
const MAX_CLOCK_SKEW_S = 300;
const REQUEST_TIMEOUT_MS = 10_000;

export interface SignedHeaders {
  timestamp: string;
  nonce: string;
  signature: string;
  serial: string;
}

/** One answer of the gateway as received, with whether its signature verified. */
export interface WechatAnswer {
  status: number;
  raw: string;
  verified: boolean;
  data: Record<string, unknown>;
}

export interface NotificationResource {
  algorithm: string;
  ciphertext: string;
  nonce: string;
  associated_data?: string;
}

export function signMessage(key: KeyObject, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(key, 'base64');
}

function verifyMessage(key: KeyObject, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

/** The Authorization header of one request. */
export function authorization(
  cfg: WechatConfig,
  method: string,
  pathWithQuery: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
  nonce = randomBytes(16).toString('hex'),
): string {
  const message = `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
  const signature = signMessage(cfg.privateKey, message);
  return (
    `WECHATPAY2-SHA256-RSA2048 mchid="${cfg.mchId}",nonce_str="${nonce}",` +
    `signature="${signature}",timestamp="${timestamp}",serial_no="${cfg.certSerial}"`
  );
}

/**
 * Checks an answer or notification: the serial must name the configured platform key, the
 * timestamp must be recent, and the signature must cover timestamp, nonce and the exact body.
 */
export function verifySigned(
  cfg: WechatConfig,
  headers: Partial<SignedHeaders>,
  body: string,
  nowMs = Date.now(),
): boolean {
  const { timestamp, nonce, signature, serial } = headers;
  if (!timestamp || !nonce || !signature || serial !== cfg.platformSerial) return false;
  const ts = Number(timestamp);
  if (!Number.isInteger(ts) || Math.abs(nowMs / 1000 - ts) > MAX_CLOCK_SKEW_S) return false;
  return verifyMessage(cfg.platformPublicKey, `${timestamp}\n${nonce}\n${body}\n`, signature);
}

/** Decrypts a notification resource; throws when the key or the tag does not match. */
export function decryptResource(apiV3Key: string, resource: NotificationResource): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new Error('unsupported algorithm');
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
  );
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([
    decipher.update(data.subarray(0, data.length - 16)),
    decipher.final(),
  ]).toString('utf8');
}

export function headersOf(get: (name: string) => string | undefined): Partial<SignedHeaders> {
  return {
    timestamp: get('wechatpay-timestamp'),
    nonce: get('wechatpay-nonce'),
    signature: get('wechatpay-signature'),
    serial: get('wechatpay-serial'),
  };
}

export class WechatPayClient {
  constructor(private readonly cfg: WechatConfig) {}

  get appId(): string {
    return this.cfg.appId;
  }

  get mchId(): string {
    return this.cfg.mchId;
  }

  /** Sends one signed request; the answer is kept raw and marked verified or not. */
  async request(
    method: 'GET' | 'POST',
    pathWithQuery: string,
    payload?: object,
  ): Promise<WechatAnswer> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const res = await fetch(`${this.cfg.baseUrl}${pathWithQuery}`, {
      method,
      headers: {
        authorization: authorization(this.cfg, method, pathWithQuery, body),
        accept: 'application/json',
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        'user-agent': 'labshop-wechatpay',
      },
      body: payload === undefined ? undefined : body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const raw = await res.text();
    const verified = verifySigned(
      this.cfg,
      headersOf((n) => res.headers.get(n) ?? undefined),
      raw,
    );
    let data: Record<string, unknown> = {};
    if (raw) {
      try {
        data = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        data = {};
      }
    }
    return { status: res.status, raw, verified, data };
  }

  prepay(
    channel: 'native' | 'h5',
    p: {
      outTradeNo: string;
      description: string;
      amountFen: number;
      notifyUrl: string;
      expireAt: number;
      clientIp: string;
    },
  ): Promise<WechatAnswer> {
    return this.request('POST', `/v3/pay/transactions/${channel}`, {
      appid: this.cfg.appId,
      mchid: this.cfg.mchId,
      description: p.description,
      out_trade_no: p.outTradeNo,
      time_expire: chinaRfc3339(p.expireAt),
      notify_url: p.notifyUrl,
      amount: { total: p.amountFen, currency: 'CNY' },
      ...(channel === 'h5'
        ? { scene_info: { payer_client_ip: p.clientIp, h5_info: { type: 'Wap' } } }
        : {}),
    });
  }

  query(outTradeNo: string): Promise<WechatAnswer> {
    return this.request(
      'GET',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(this.cfg.mchId)}`,
    );
  }

  close(outTradeNo: string): Promise<WechatAnswer> {
    return this.request(
      'POST',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`,
      {
        mchid: this.cfg.mchId,
      },
    );
  }

  refund(p: {
    outTradeNo: string;
    outRefundNo: string;
    refundFen: number;
    totalFen: number;
    reason: string;
    notifyUrl: string;
  }): Promise<WechatAnswer> {
    return this.request('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: p.outTradeNo,
      out_refund_no: p.outRefundNo,
      reason: p.reason || undefined,
      notify_url: p.notifyUrl,
      amount: { refund: p.refundFen, total: p.totalFen, currency: 'CNY' },
    });
  }

  queryRefund(outRefundNo: string): Promise<WechatAnswer> {
    return this.request('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`);
  }

  /** Verifies a notification and decrypts its resource; null when it is not genuine. */
  openNotification(
    headers: Partial<SignedHeaders>,
    raw: string,
    nowMs: number,
  ): { eventType: string; resource: Record<string, unknown> } | null {
    if (!verifySigned(this.cfg, headers, raw, nowMs)) return null;
    try {
      const note = JSON.parse(raw) as { event_type?: unknown; resource?: NotificationResource };
      if (typeof note.event_type !== 'string' || !note.resource) return null;
      const plain = decryptResource(this.cfg.apiV3Key, note.resource);
      return { eventType: note.event_type, resource: JSON.parse(plain) as Record<string, unknown> };
    } catch {
      return null;
    }
  }
}
