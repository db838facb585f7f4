import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createCipheriv,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';

/**
 * Local imitations of WeChat Pay API v3 and the Alipay open platform gateway for tests and
 * browser journeys: one HTTP server on 127.0.0.1 with keys made per run. It checks the shop's
 * request signatures (refusing unsigned or forged requests), keeps trades in memory, signs its
 * answers and builds signed notifications the way the providers do.
 */

export interface WechatTrade {
  outTradeNo: string;
  amount: number;
  channel: string;
  notifyUrl: string;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  transactionId: string;
}
export interface AlipayTrade {
  outTradeNo: string;
  amountText: string;
  notifyUrl: string;
  returnUrl: string;
  state: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  tradeNo: string;
}
export interface ImitatedRefund {
  outTradeNo: string;
  outRefundNo: string;
  amount: number;
  notifyUrl: string;
  status: 'PROCESSING' | 'SUCCESS' | 'ABNORMAL' | 'CLOSED';
  refundId: string;
}

/** An Alipay refund as the imitation keeps it, by its out_request_no. */
export interface ImitatedAlipayRefund {
  outTradeNo: string;
  outRequestNo: string;
  amountText: string;
}

/**
 * Faults tests switch on to play what real gateways do: answers without a signature, and Alipay
 * refund errors answered (in order) instead of refunding, e.g. `{ code: '40004', subCode:
 * 'ACQ.SYSTEM_ERROR' }`, `{ code: '20000', subCode: 'isp.unknow-error' }` or `{ code: '502',
 * subCode: '' }` (an HTTP 502 from a proxy on the way).
 */
export interface GatewayFaults {
  wechatUnsigned: boolean;
  /** WeChat refund errors answered (signed, in order) instead of refunding. */
  wechatRefundErrors: { status: number; code: string }[];
  alipayUnsigned: boolean;
  alipayRefundErrors: { code: string; subCode: string }[];
}

export interface Notification {
  headers: Record<string, string>;
  body: string;
}

const pem = (k: KeyObject, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }).toString();
const sign = (key: KeyObject, text: string) =>
  createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');
const verify = (key: KeyObject, text: string, signature: string) => {
  try {
    return createVerify('RSA-SHA256').update(text, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
};
const keyPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Alipay's string to sign: sorted key=value of the fields, leaving out the given keys. */
function alipaySignContent(fields: Record<string, string>, leaveOut: string[]): string {
  return Object.keys(fields)
    .filter((k) => !leaveOut.includes(k) && fields[k] !== undefined && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
}

const chinaStamp = (ms = Date.now()) =>
  new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * Alipay reads a request's `timestamp` as China time; one further than this from now is refused,
 * so a shop that wrote its host's local time (eight hours off on a UTC host) is caught.
 */
const ALIPAY_TIMESTAMP_SKEW_MS = 15 * 60_000;
function alipayTimestampOk(text: string | undefined): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text ?? '');
  if (!m) return false;
  const [, y = 0, mo = 1, d, h, mi, se] = m.map(Number);
  const at = Date.UTC(y, mo - 1, d, h, mi, se) - 8 * 3600_000;
  return Math.abs(at - Date.now()) <= ALIPAY_TIMESTAMP_SKEW_MS;
}

export async function startGatewayImitation(opts: { notifyBaseUrl: string }) {
  const merchant = keyPair();
  const platform = keyPair();
  const alipayApp = keyPair();
  const alipayPlatform = keyPair();
  const wechatIds = {
    mchId: '1900000109',
    appId: 'wx8888888888888888',
    apiV3Key: randomBytes(16).toString('hex'),
    certSerial: randomBytes(20).toString('hex').toUpperCase(),
    platformSerial: `PUB_KEY_ID_${randomBytes(12).toString('hex')}`,
  };
  const alipayAppId = '2021000000000001';
  const alipaySellerId = '2088000000000001';
  const faults: GatewayFaults = {
    wechatUnsigned: false,
    wechatRefundErrors: [],
    alipayUnsigned: false,
    alipayRefundErrors: [],
  };

  const wechatTrades = new Map<string, WechatTrade>();
  const wechatRefunds = new Map<string, ImitatedRefund>();
  const alipayTrades = new Map<string, AlipayTrade>();
  const alipayRefunds = new Map<string, ImitatedAlipayRefund>();
  /** Requests the imitation refused for a bad signature. */
  const refused: string[] = [];
  let seq = 0;

  const signedWechat = (res: http.ServerResponse, status: number, payload?: object) => {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const ts = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    if (faults.wechatUnsigned) {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
      return;
    }
    res.writeHead(status, {
      'content-type': 'application/json',
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': wechatIds.platformSerial,
      'wechatpay-signature': sign(platform.privateKey, `${ts}\n${nonce}\n${body}\n`),
    });
    res.end(body);
  };

  function wechatAuthorized(req: http.IncomingMessage, body: string): boolean {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return false;
    const parts = Object.fromEntries(
      [...header.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']),
    );
    if (parts.mchid !== wechatIds.mchId || parts.serial_no !== wechatIds.certSerial) return false;
    const message = `${req.method}\n${req.url}\n${parts.timestamp}\n${parts.nonce_str}\n${body}\n`;
    return verify(merchant.publicKey, message, parts.signature ?? '');
  }

  async function handleWechat(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    if (!wechatAuthorized(req, body)) {
      refused.push(`${req.method} ${req.url}`);
      signedWechat(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
      return;
    }
    const url = new URL(req.url ?? '/', 'http://imitation');
    const path = url.pathname;
    const prepay = /^\/v3\/pay\/transactions\/(native|h5)$/.exec(path);
    if (prepay && req.method === 'POST') {
      const p = JSON.parse(body) as {
        out_trade_no: string;
        notify_url: string;
        amount: { total: number; currency: string };
        appid: string;
        mchid: string;
      };
      const existing = wechatTrades.get(p.out_trade_no);
      if (existing?.state === 'SUCCESS')
        return signedWechat(res, 400, { code: 'ORDERPAID', message: '该订单已支付' });
      if (existing?.state === 'CLOSED')
        return signedWechat(res, 400, { code: 'ORDERCLOSED', message: '该订单已关闭' });
      if (p.appid !== wechatIds.appId || p.mchid !== wechatIds.mchId) {
        return signedWechat(res, 400, { code: 'PARAM_ERROR', message: '商户号或应用不匹配' });
      }
      const channel = prepay[1] ?? 'native';
      wechatTrades.set(p.out_trade_no, {
        outTradeNo: p.out_trade_no,
        amount: p.amount.total,
        channel,
        notifyUrl: p.notify_url,
        state: 'NOTPAY',
        transactionId: existing?.transactionId ?? `4200${Date.now()}${++seq}`,
      });
      const code = randomBytes(6).toString('hex');
      return channel === 'native'
        ? signedWechat(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${code}` })
        : signedWechat(res, 200, {
            h5_url: `${base}/wechat/h5?out_trade_no=${encodeURIComponent(p.out_trade_no)}`,
          });
    }
    const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(path);
    if (query && req.method === 'GET') {
      const trade = wechatTrades.get(decodeURIComponent(query[1] ?? ''));
      if (!trade) return signedWechat(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      return signedWechat(res, 200, wechatTradeJson(trade));
    }
    const close = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(path);
    if (close && req.method === 'POST') {
      const trade = wechatTrades.get(decodeURIComponent(close[1] ?? ''));
      if (!trade) return signedWechat(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      if (trade.state === 'SUCCESS')
        return signedWechat(res, 400, { code: 'ORDERPAID', message: '该订单已支付' });
      trade.state = 'CLOSED';
      return signedWechat(res, 204);
    }
    if (path === '/v3/refund/domestic/refunds' && req.method === 'POST') {
      const p = JSON.parse(body) as {
        out_trade_no: string;
        out_refund_no: string;
        notify_url: string;
        amount: { refund: number; total: number };
      };
      const fault = faults.wechatRefundErrors.shift();
      if (fault) return signedWechat(res, fault.status, { code: fault.code, message: '系统错误' });
      const trade = wechatTrades.get(p.out_trade_no);
      if (trade?.state !== 'SUCCESS' || p.amount.total !== trade.amount) {
        return signedWechat(res, 400, { code: 'INVALID_REQUEST', message: '订单状态或金额不符' });
      }
      const refund: ImitatedRefund = {
        outTradeNo: p.out_trade_no,
        outRefundNo: p.out_refund_no,
        amount: p.amount.refund,
        notifyUrl: p.notify_url,
        status: 'PROCESSING',
        refundId: `5030${Date.now()}${++seq}`,
      };
      wechatRefunds.set(p.out_refund_no, refund);
      return signedWechat(res, 200, {
        refund_id: refund.refundId,
        out_refund_no: refund.outRefundNo,
        out_trade_no: refund.outTradeNo,
        status: refund.status,
        amount: { refund: refund.amount, total: trade.amount, currency: 'CNY' },
      });
    }
    const refundQuery = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(path);
    if (refundQuery && req.method === 'GET') {
      const refund = wechatRefunds.get(decodeURIComponent(refundQuery[1] ?? ''));
      if (!refund)
        return signedWechat(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
      return signedWechat(res, 200, {
        refund_id: refund.refundId,
        out_refund_no: refund.outRefundNo,
        status: refund.status,
      });
    }
    signedWechat(res, 404, { code: 'NOT_FOUND', message: '接口不存在' });
  }

  const wechatTradeJson = (t: WechatTrade, amount = t.amount) => ({
    appid: wechatIds.appId,
    mchid: wechatIds.mchId,
    out_trade_no: t.outTradeNo,
    transaction_id: t.transactionId,
    trade_type: t.channel === 'h5' ? 'MWEB' : 'NATIVE',
    trade_state: t.state,
    trade_state_desc: t.state === 'SUCCESS' ? '支付成功' : '未支付',
    success_time: new Date().toISOString(),
    amount: { total: amount, payer_total: amount, currency: 'CNY', payer_currency: 'CNY' },
  });

  /** A WeChat notification as the platform would send it (encrypted resource, signed body). */
  function wechatEnvelope(
    eventType: string,
    resource: object,
    signWith: KeyObject = platform.privateKey,
  ): Notification {
    const nonce = randomBytes(6).toString('hex');
    const associated = eventType.startsWith('REFUND') ? 'refund' : 'transaction';
    const cipher = createCipheriv(
      'aes-256-gcm',
      Buffer.from(wechatIds.apiV3Key, 'utf8'),
      Buffer.from(nonce, 'utf8'),
    );
    cipher.setAAD(Buffer.from(associated, 'utf8'));
    const encrypted = Buffer.concat([
      cipher.update(JSON.stringify(resource), 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    const body = JSON.stringify({
      id: randomBytes(8).toString('hex'),
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: eventType.startsWith('REFUND') ? '退款成功' : '支付成功',
      resource: {
        original_type: associated,
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: encrypted.toString('base64'),
        associated_data: associated,
        nonce,
      },
    });
    const ts = String(Math.floor(Date.now() / 1000));
    const headerNonce = randomBytes(16).toString('hex');
    return {
      headers: {
        'content-type': 'application/json',
        'wechatpay-timestamp': ts,
        'wechatpay-nonce': headerNonce,
        'wechatpay-serial': wechatIds.platformSerial,
        'wechatpay-signature': sign(signWith, `${ts}\n${headerNonce}\n${body}\n`),
      },
      body,
    };
  }

  function alipayResponse(res: http.ServerResponse, method: string, payload: object) {
    const key = `${method.replaceAll('.', '_')}_response`;
    const json = JSON.stringify(payload);
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    if (faults.alipayUnsigned) return void res.end(`{"${key}":${json}}`);
    res.end(`{"${key}":${json},"sign":"${sign(alipayPlatform.privateKey, json)}"}`);
  }

  const alipayFail = (subCode: string, subMsg: string) => ({
    code: '40004',
    msg: 'Business Failed',
    sub_code: subCode,
    sub_msg: subMsg,
  });

  function alipaySignedBy(fields: Record<string, string>): boolean {
    return (
      fields.app_id === alipayAppId &&
      verify(alipayApp.publicKey, alipaySignContent(fields, ['sign']), fields.sign ?? '')
    );
  }

  async function handleAlipay(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', 'http://imitation');
    const fields: Record<string, string> = Object.fromEntries(url.searchParams);
    for (const [k, v] of new URLSearchParams(body)) fields[k] = v;
    if (url.pathname === '/alipay/cashier' && req.method === 'POST') {
      // The imitated cashier's "pay" button: pays, notifies the shop, returns the buyer.
      const trade = alipayTrades.get(fields.out_trade_no ?? '');
      if (!trade) {
        res.writeHead(404).end('no trade');
        return;
      }
      trade.state = 'TRADE_SUCCESS';
      await deliver(trade.notifyUrl, alipayNotification(trade.outTradeNo));
      const back = new URL(trade.returnUrl);
      const ret: Record<string, string> = {
        app_id: alipayAppId,
        method: 'alipay.trade.page.pay.return',
        charset: 'utf-8',
        out_trade_no: trade.outTradeNo,
        trade_no: trade.tradeNo,
        total_amount: trade.amountText,
        timestamp: chinaStamp(),
        version: '1.0',
        sign_type: 'RSA2',
      };
      ret.sign = sign(alipayPlatform.privateKey, alipaySignContent(ret, ['sign', 'sign_type']));
      for (const [k, v] of Object.entries(ret)) back.searchParams.set(k, v);
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (!alipaySignedBy(fields)) {
      refused.push(`${req.method} ${fields.method ?? url.pathname}`);
      if (req.method === 'GET') {
        res
          .writeHead(400, { 'content-type': 'text/plain; charset=utf-8' })
          .end('invalid-signature');
      } else {
        alipayResponse(
          res,
          fields.method ?? 'error',
          alipayFail('isv.invalid-signature', '验签出错'),
        );
      }
      return;
    }
    const method = fields.method ?? '';
    if (!alipayTimestampOk(fields.timestamp)) {
      refused.push(`${req.method} ${method} timestamp ${fields.timestamp ?? ''}`);
      if (req.method === 'GET') {
        res
          .writeHead(400, { 'content-type': 'text/plain; charset=utf-8' })
          .end('invalid-timestamp');
        return;
      }
      return alipayResponse(res, method, {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-timestamp',
        sub_msg: '非法的时间戳参数',
      });
    }
    const biz = JSON.parse(fields.biz_content ?? '{}') as Record<string, string>;
    if (
      req.method === 'GET' &&
      (method === 'alipay.trade.page.pay' || method === 'alipay.trade.wap.pay')
    ) {
      const existing = alipayTrades.get(biz.out_trade_no ?? '');
      if (existing?.state !== 'TRADE_SUCCESS') {
        alipayTrades.set(biz.out_trade_no ?? '', {
          outTradeNo: biz.out_trade_no ?? '',
          amountText: biz.total_amount ?? '',
          notifyUrl: fields.notify_url ?? '',
          returnUrl: fields.return_url ?? '',
          state: 'WAIT_BUYER_PAY',
          tradeNo: existing?.tradeNo ?? `2026${Date.now()}${++seq}`,
        });
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>支付宝收银台（模拟）</title>` +
          `<h1>支付宝收银台（模拟）</h1><p>订单 ${biz.out_trade_no ?? ''}</p><p>应付 ¥${biz.total_amount ?? ''}</p>` +
          `<form method="post" action="/alipay/cashier"><input type="hidden" name="out_trade_no" value="${biz.out_trade_no ?? ''}">` +
          `<button type="submit">确认付款</button></form></html>`,
      );
      return;
    }
    const trade = alipayTrades.get(biz.out_trade_no ?? '');
    if (method === 'alipay.trade.query') {
      if (!trade)
        return alipayResponse(res, method, alipayFail('ACQ.TRADE_NOT_EXIST', '交易不存在'));
      return alipayResponse(res, method, {
        code: '10000',
        msg: 'Success',
        out_trade_no: trade.outTradeNo,
        trade_no: trade.tradeNo,
        trade_status: trade.state,
        total_amount: trade.amountText,
      });
    }
    if (method === 'alipay.trade.close') {
      if (!trade)
        return alipayResponse(res, method, alipayFail('ACQ.TRADE_NOT_EXIST', '交易不存在'));
      if (trade.state === 'TRADE_SUCCESS') {
        return alipayResponse(res, method, alipayFail('ACQ.TRADE_STATUS_ERROR', '交易状态不合法'));
      }
      trade.state = 'TRADE_CLOSED';
      return alipayResponse(res, method, {
        code: '10000',
        msg: 'Success',
        out_trade_no: trade.outTradeNo,
        trade_no: trade.tradeNo,
      });
    }
    if (method === 'alipay.trade.refund') {
      const fault = faults.alipayRefundErrors.shift();
      if (fault?.code === '502') return void res.writeHead(502).end('Bad Gateway');
      if (fault) {
        return alipayResponse(res, method, {
          code: fault.code,
          msg: fault.code === '20000' ? 'Service Currently Unavailable' : 'Business Failed',
          sub_code: fault.subCode,
          sub_msg: '系统错误',
        });
      }
      if (trade?.state !== 'TRADE_SUCCESS') {
        return alipayResponse(res, method, alipayFail('ACQ.TRADE_STATUS_ERROR', '交易状态不合法'));
      }
      // One out_request_no is one refund: a repeat moves no money again (fund_change N).
      const requestNo = biz.out_request_no ?? trade.outTradeNo;
      const repeat = alipayRefunds.get(requestNo);
      if (repeat && repeat.amountText !== biz.refund_amount) {
        return alipayResponse(
          res,
          method,
          alipayFail('ACQ.DISCORDANT_REPEAT_REQUEST', '请求信息不一致'),
        );
      }
      const refunded = [...alipayRefunds.values()]
        .filter((r) => r.outTradeNo === trade.outTradeNo)
        .reduce((sum, r) => sum + Math.round(Number(r.amountText) * 100), 0);
      const asked = Math.round(Number(biz.refund_amount) * 100);
      if (!repeat && refunded + asked > Math.round(Number(trade.amountText) * 100)) {
        return alipayResponse(
          res,
          method,
          alipayFail('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限'),
        );
      }
      if (!repeat) {
        alipayRefunds.set(requestNo, {
          outTradeNo: trade.outTradeNo,
          outRequestNo: requestNo,
          amountText: biz.refund_amount ?? '',
        });
      }
      return alipayResponse(res, method, {
        code: '10000',
        msg: 'Success',
        out_trade_no: trade.outTradeNo,
        trade_no: trade.tradeNo,
        fund_change: repeat ? 'N' : 'Y',
        refund_fee: ((refunded + (repeat ? 0 : asked)) / 100).toFixed(2),
      });
    }
    if (method === 'alipay.trade.fastpay.refund.query') {
      // No refund_status: Alipay never received the refund (or it did not succeed).
      const refund = alipayRefunds.get(biz.out_request_no ?? '');
      return alipayResponse(res, method, {
        code: '10000',
        msg: 'Success',
        out_trade_no: biz.out_trade_no,
        out_request_no: biz.out_request_no,
        ...(refund ? { refund_status: 'REFUND_SUCCESS', refund_amount: refund.amountText } : {}),
      });
    }
    alipayResponse(res, method, alipayFail('isv.invalid-method', '不存在的方法名'));
  }

  /** An Alipay asynchronous notification (form body), signed like the platform signs it. */
  function alipayNotification(
    outTradeNo: string,
    overrides: Record<string, string> = {},
    signWith: KeyObject = alipayPlatform.privateKey,
  ): Notification {
    const trade = alipayTrades.get(outTradeNo);
    const fields: Record<string, string> = {
      notify_time: chinaStamp(),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      app_id: alipayAppId,
      seller_id: alipaySellerId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: trade?.tradeNo ?? `2026${Date.now()}`,
      out_trade_no: outTradeNo,
      trade_status: 'TRADE_SUCCESS',
      total_amount: trade?.amountText ?? '0.01',
      receipt_amount: trade?.amountText ?? '0.01',
      gmt_payment: chinaStamp(),
      subject: `订单 ${outTradeNo}`,
      ...overrides,
    };
    fields.sign = sign(signWith, alipaySignContent(fields, ['sign', 'sign_type']));
    return {
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(fields).toString(),
    };
  }

  async function deliver(url: string, n: Notification): Promise<{ status: number; body: string }> {
    const res = await fetch(url, { method: 'POST', headers: n.headers, body: n.body });
    return { status: res.status, body: await res.text() };
  }

  const server = http.createServer((req, res) => {
    readBody(req)
      .then(async (body) => {
        const path = (req.url ?? '/').split('?')[0] ?? '/';
        if (path.startsWith('/v3/')) return handleWechat(req, res, body);
        if (path === '/wechat/h5') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(
            '<!doctype html><meta charset="utf-8"><title>微信支付（模拟）</title><h1>微信支付（模拟）</h1>',
          );
          return;
        }
        if (path === '/gateway.do' || path === '/alipay/cashier')
          return handleAlipay(req, res, body);
        if (path === '/control/wechat/pay' && req.method === 'POST') {
          // Browser journeys (in another process) play the buyer scanning the code: the trade
          // succeeds and the shop is notified.
          const trade = wechatTrades.get(new URLSearchParams(body).get('out_trade_no') ?? '');
          if (!trade) return void res.writeHead(404).end();
          trade.state = 'SUCCESS';
          const note = wechatEnvelope('TRANSACTION.SUCCESS', wechatTradeJson(trade));
          const sent = await deliver(trade.notifyUrl, note);
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(sent));
          return;
        }
        res.writeHead(404).end();
      })
      .catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const env: Record<string, string> = {
    PAYMENT_NOTIFY_BASE_URL: opts.notifyBaseUrl,
    WECHATPAY_MCH_ID: wechatIds.mchId,
    WECHATPAY_APP_ID: wechatIds.appId,
    WECHATPAY_API_V3_KEY: wechatIds.apiV3Key,
    WECHATPAY_PRIVATE_KEY: pem(merchant.privateKey, 'pkcs8'),
    WECHATPAY_CERT_SERIAL: wechatIds.certSerial,
    WECHATPAY_PLATFORM_PUBLIC_KEY: pem(platform.publicKey, 'spki'),
    WECHATPAY_PLATFORM_SERIAL: wechatIds.platformSerial,
    WECHATPAY_BASE_URL: base,
    ALIPAY_APP_ID: alipayAppId,
    ALIPAY_SELLER_ID: alipaySellerId,
    ALIPAY_PRIVATE_KEY: pem(alipayApp.privateKey, 'pkcs8'),
    ALIPAY_PUBLIC_KEY: pem(alipayPlatform.publicKey, 'spki'),
    ALIPAY_GATEWAY_URL: `${base}/gateway.do`,
  };

  return {
    url: base,
    env,
    refused,
    wechat: {
      trades: wechatTrades,
      refunds: wechatRefunds,
      /** The buyer paid: the trade succeeds at the gateway (no notification sent). */
      pay(outTradeNo: string) {
        const t = wechatTrades.get(outTradeNo);
        if (!t) throw new Error(`no WeChat trade ${outTradeNo}`);
        t.state = 'SUCCESS';
        return t;
      },
      /** TRANSACTION.SUCCESS for the trade; `amount` overrides the amount reported. */
      paymentNotification(outTradeNo: string, o: { amount?: number; signWith?: KeyObject } = {}) {
        const t = wechatTrades.get(outTradeNo);
        if (!t) throw new Error(`no WeChat trade ${outTradeNo}`);
        return wechatEnvelope(
          'TRANSACTION.SUCCESS',
          wechatTradeJson({ ...t, state: 'SUCCESS' }, o.amount),
          o.signWith,
        );
      },
      /** A notification about a trade the shop never opened. */
      strangerNotification(outTradeNo: string, amount: number) {
        return wechatEnvelope(
          'TRANSACTION.SUCCESS',
          wechatTradeJson({
            outTradeNo,
            amount,
            channel: 'native',
            notifyUrl: '',
            state: 'SUCCESS',
            transactionId: `4200${++seq}`,
          }),
        );
      },
      /** REFUND.SUCCESS (or ABNORMAL, CLOSED) of a refund; `mchid` overrides the merchant named. */
      refundNotification(
        outRefundNo: string,
        o: { status?: 'SUCCESS' | 'ABNORMAL' | 'CLOSED'; mchid?: string } = {},
      ) {
        const r = wechatRefunds.get(outRefundNo);
        if (!r) throw new Error(`no WeChat refund ${outRefundNo}`);
        const status = o.status ?? 'SUCCESS';
        r.status = status;
        return wechatEnvelope(`REFUND.${status}`, {
          mchid: o.mchid ?? wechatIds.mchId,
          out_trade_no: r.outTradeNo,
          transaction_id: wechatTrades.get(r.outTradeNo)?.transactionId ?? '',
          out_refund_no: r.outRefundNo,
          refund_id: r.refundId,
          refund_status: status,
          success_time: new Date().toISOString(),
          amount: {
            total: wechatTrades.get(r.outTradeNo)?.amount ?? 0,
            refund: r.amount,
            payer_total: 0,
            payer_refund: r.amount,
          },
        });
      },
    },
    faults,
    alipay: {
      trades: alipayTrades,
      refunds: alipayRefunds,
      pay(outTradeNo: string) {
        const t = alipayTrades.get(outTradeNo);
        if (!t) throw new Error(`no Alipay trade ${outTradeNo}`);
        t.state = 'TRADE_SUCCESS';
        return t;
      },
      notification: alipayNotification,
    },
    /** A key no provider uses: notifications signed with it are forgeries. */
    forgerKey: keyPair().privateKey,
    deliver,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type GatewayImitation = Awaited<ReturnType<typeof startGatewayImitation>>;
