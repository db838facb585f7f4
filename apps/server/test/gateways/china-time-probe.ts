import { generateKeyPairSync } from 'node:crypto';
import { AlipayClient } from '../../src/domains/payments/index.ts';
import {
  chinaDate,
  chinaDateTime,
  chinaDayStart,
  chinaInstant,
  chinaRfc3339,
  chinaStamp,
} from '../../src/lib/clock.ts';

/**
 * Run as a child process with a chosen `TZ` (src/lib/clock.test.ts): prints, as one JSON line,
 * the China times and the gateway times the shop writes for a fixed instant given as the first
 * argument, and the host's local hour of it (to show the `TZ` took effect).
 */
const at = Number(process.argv[2]);
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (k: typeof keys.privateKey, type: 'pkcs8' | 'spki') =>
  k.export({ type, format: 'pem' }).toString();
const client = new AlipayClient(
  {
    appId: '2021000000000001',
    sellerId: '2088000000000001',
    privateKeyPem: pem(keys.privateKey, 'pkcs8'),
    keyType: 'PKCS8',
    alipayPublicKeyPem: pem(keys.publicKey, 'spki'),
    gatewayUrl: 'http://127.0.0.1:9/gateway.do',
  },
  () => at,
);
const url = new URL(
  client.payUrl({
    channel: 'page',
    outTradeNo: 'T1',
    amountFen: 100,
    subject: '订单 T1',
    returnUrl: 'https://shop.example.com/pay/return',
    notifyUrl: 'https://shop.example.com/notify',
    expireAt: at + 24 * 3600_000,
  }),
);
const biz = JSON.parse(url.searchParams.get('biz_content') ?? '{}') as { time_expire?: string };
process.stdout.write(
  `${JSON.stringify({
    tz: process.env.TZ,
    localHour: new Date(at).getHours(),
    date: chinaDate(at),
    dateTime: chinaDateTime(at),
    rfc3339: chinaRfc3339(at),
    stamp: chinaStamp(at),
    dayStart: chinaDayStart(at),
    instant: chinaInstant(chinaDate(at), chinaDateTime(at).slice(11)),
    alipayTimestamp: url.searchParams.get('timestamp'),
    alipayTimeExpire: biz.time_expire,
  })}\n`,
);
