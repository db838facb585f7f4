import { PayType } from '@labshop/shared';
import type { WechatConfig } from '../../payments-config.ts';
import type { PaidReport, PaymentGateway, RefundReport } from './gateway.ts';
import { WechatPayClient, type WechatAnswer } from './wechatpay.ts';

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);

/** The paid report of a WeChat Pay transaction resource (notification or query). */
function paidReport(r: Record<string, unknown>): PaidReport {
  const amount = (r.amount ?? {}) as { total?: unknown; currency?: unknown };
  return {
    outTradeNo: str(r.out_trade_no),
    amountFen: typeof amount.total === 'number' ? amount.total : null,
    currency: str(amount.currency),
    gatewayTradeNo: str(r.transaction_id),
  };
}

/** SUCCESS done, CLOSED failed, ABNORMAL kept reserved (gateway.ts); anything else processing. */
const refundStatus = (s: unknown): RefundReport['status'] =>
  s === 'SUCCESS' ? 'success' : s === 'CLOSED' ? 'failed' : s === 'ABNORMAL' ? 'abnormal' : null;

/**
 * Refund errors after which the same request may still succeed (docs/payments.md, "Refunds"):
 * the refund stays reserved and is sent again under the same out_refund_no. Other verified 4xx
 * answers are a definite no.
 */
const RETRYABLE_REFUND_ERRORS = new Set(['SYSTEM_ERROR', 'FREQUENCY_LIMITED', 'NOT_ENOUGH']);

/** A verified answer that the trade does not exist at WeChat Pay (its prepay never got there). */
const notExist = (a: WechatAnswer) =>
  a.verified && a.status === 404 && a.data.code === 'ORDER_NOT_EXIST';

/** What the payment record says of an answer that is not a success. */
const failure = (a: WechatAnswer) =>
  a.verified
    ? `failed_${a.status}${typeof a.data.code === 'string' ? `_${a.data.code}` : ''}`
    : `unverified_${a.status}`;

/** WeChat Pay API v3: Native QR code on computers, H5 on phones. */
export function wechatGateway(cfg: WechatConfig): PaymentGateway {
  const client = new WechatPayClient(cfg);
  return {
    payType: PayType.WECHAT,

    channelFor: (device) => (device === 'mobile' ? 'h5' : 'native'),

    async prepay(channel, p) {
      const a = await client.prepay(channel === 'h5' ? 'h5' : 'native', {
        outTradeNo: p.outTradeNo,
        description: p.subject,
        amountFen: p.amountFen,
        notifyUrl: p.notifyUrl,
        expireAt: p.expireAt,
        clientIp: p.clientIp,
      });
      const url = channel === 'native' ? a.data.code_url : a.data.h5_url;
      const good = a.verified && a.status === 200 && typeof url === 'string' && url !== '';
      return {
        verified: a.verified,
        outcome: good ? channel : failure(a),
        raw: a.raw,
        codeUrl: good && channel === 'native' ? url : null,
        redirectUrl: good && channel === 'h5' ? url : null,
      };
    },

    async query(outTradeNo) {
      const a = await client.query(outTradeNo);
      const success = a.verified && a.status === 200 && a.data.trade_state === 'SUCCESS';
      return {
        verified: a.verified,
        outcome: !a.verified
          ? failure(a)
          : notExist(a)
            ? 'ORDER_NOT_EXIST'
            : str(a.data.trade_state, failure(a)),
        raw: a.raw,
        paid: success ? { ...paidReport(a.data), outTradeNo } : null,
      };
    },

    async close(outTradeNo) {
      const a = await client.close(outTradeNo);
      // Only a signed answer closes: closed (204), or the trade never reached WeChat Pay (a prepay
      // that got no answer), so nobody can pay it, as Alipay's TRADE_NOT_EXIST.
      const closed = a.verified && (a.status === 204 || a.status === 200 || notExist(a));
      return {
        verified: a.verified,
        outcome: closed ? 'closed' : failure(a),
        raw: a.raw,
        closed,
      };
    },

    async refund(p) {
      const a = await client.refund(p);
      const accepted = a.verified && a.status === 200;
      return {
        verified: a.verified,
        outcome: accepted ? str(a.data.status, 'accepted') : failure(a),
        raw: a.raw,
        accepted,
        completed: accepted && a.data.status === 'SUCCESS',
        refused:
          !accepted &&
          a.verified &&
          a.status >= 400 &&
          a.status < 500 &&
          a.status !== 429 &&
          !RETRYABLE_REFUND_ERRORS.has(str(a.data.code)),
        gatewayRefundId: str(a.data.refund_id),
      };
    },

    async queryRefund(_outTradeNo, outRefundNo) {
      const a = await client.queryRefund(outRefundNo);
      const usable = a.verified && a.status === 200;
      return {
        verified: a.verified,
        outcome: usable ? str(a.data.status, 'processing') : failure(a),
        raw: a.raw,
        report: usable
          ? {
              outRefundNo,
              status: refundStatus(a.data.status),
              gatewayRefundId: str(a.data.refund_id),
            }
          : null,
      };
    },

    readNotification({ headers, raw }, nowMs) {
      const opened = client.openNotification(headers, raw, nowMs);
      if (!opened) return { kind: 'forged', outTradeNo: '' };
      const r = opened.resource;
      const payload = JSON.stringify({ notification: JSON.parse(raw) as unknown, resource: r });
      if (opened.eventType.startsWith('REFUND.')) {
        // Signed by the platform, but a refund of another merchant's: not this shop's refund.
        if (r.mchid !== client.mchId) {
          return { kind: 'foreign', outTradeNo: str(r.out_trade_no), payload };
        }
        return {
          kind: 'refund',
          payload,
          report: {
            outRefundNo: str(r.out_refund_no),
            status: refundStatus(r.refund_status),
            gatewayRefundId: str(r.refund_id),
          },
        };
      }
      if (r.mchid !== client.mchId || r.appid !== client.appId) {
        return { kind: 'foreign', outTradeNo: str(r.out_trade_no), payload };
      }
      if (r.trade_state !== 'SUCCESS') {
        return { kind: 'not-paid', outTradeNo: str(r.out_trade_no), payload };
      }
      return { kind: 'paid', report: paidReport(r), payload };
    },
  };
}
