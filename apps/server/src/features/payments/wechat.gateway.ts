import { PayType } from '@labshop/shared';
import type { WechatConfig } from '../../payments-config.ts';
import type { PaidReport, PaymentGateway } from './gateway.ts';
import { WechatPayClient } from './wechatpay.ts';

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

const refundStatus = (s: unknown): 'success' | 'failed' | null =>
  s === 'SUCCESS' ? 'success' : s === 'PROCESSING' ? null : 'failed';

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
        outcome: good ? channel : `failed_${a.status}`,
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
        outcome: str(a.data.trade_state, `http_${a.status}`),
        raw: a.raw,
        paid: success ? { ...paidReport(a.data), outTradeNo } : null,
      };
    },

    async close(outTradeNo) {
      const a = await client.close(outTradeNo);
      const closed = a.status === 204 || a.status === 200;
      return {
        verified: a.verified,
        outcome: closed ? 'closed' : `failed_${a.status}`,
        raw: a.raw,
        closed,
      };
    },

    async refund(p) {
      const a = await client.refund(p);
      const accepted = a.verified && a.status === 200;
      return {
        verified: a.verified,
        outcome: accepted ? str(a.data.status, 'accepted') : `failed_${a.status}`,
        raw: a.raw,
        accepted,
        completed: accepted && a.data.status === 'SUCCESS',
        refused: !accepted && a.verified && a.status >= 400 && a.status < 500,
        gatewayRefundId: str(a.data.refund_id),
      };
    },

    async queryRefund(_outTradeNo, outRefundNo) {
      const a = await client.queryRefund(outRefundNo);
      if (!a.verified || a.status !== 200) return null;
      return {
        verified: true,
        outcome: str(a.data.status),
        raw: a.raw,
        outRefundNo,
        status: refundStatus(a.data.status),
        gatewayRefundId: str(a.data.refund_id),
      };
    },

    readNotification({ headers, raw }, nowMs) {
      const opened = client.openNotification(headers, raw, nowMs);
      if (!opened) return { kind: 'forged', outTradeNo: '' };
      const r = opened.resource;
      const payload = JSON.stringify({ notification: JSON.parse(raw) as unknown, resource: r });
      if (opened.eventType.startsWith('REFUND.')) {
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
      if (r.mchid !== client.mchId || r.appid !== client.appId || r.trade_state !== 'SUCCESS') {
        return { kind: 'not-paid', outTradeNo: str(r.out_trade_no), payload };
      }
      return { kind: 'paid', report: paidReport(r), payload };
    },
  };
}
