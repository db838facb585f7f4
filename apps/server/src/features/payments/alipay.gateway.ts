import { PayType } from '@labshop/shared';
import type { AlipayConfig } from '../../payments-config.ts';
import { AlipayClient, fenOfYuanText } from './alipay.ts';
import type { PaymentGateway } from './gateway.ts';

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const isPaid = (status: unknown) => status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED';

/** Alipay open platform (RSA2): page pay on computers, wap pay on phones. */
export function alipayGateway(cfg: AlipayConfig): PaymentGateway {
  const client = new AlipayClient(cfg);
  return {
    payType: PayType.ALIPAY,

    channelFor: (device) => (device === 'mobile' ? 'wap' : 'page'),

    async prepay(channel, p) {
      const url = client.payUrl({
        channel: channel === 'wap' ? 'wap' : 'page',
        outTradeNo: p.outTradeNo,
        amountFen: p.amountFen,
        subject: p.subject,
        returnUrl: p.returnUrl,
        notifyUrl: p.notifyUrl,
        expireAt: p.expireAt,
      });
      // The URL is signed here; Alipay is reached only when the buyer's browser follows it.
      return { verified: true, outcome: channel, raw: url, codeUrl: null, redirectUrl: url };
    },

    async query(outTradeNo) {
      const a = await client.query(outTradeNo);
      const status = a.data.trade_status;
      const paid = a.ok && isPaid(status);
      return {
        verified: a.verified,
        outcome: str(status, str(a.data.sub_code, 'error')),
        raw: a.raw,
        paid: paid
          ? {
              outTradeNo,
              amountFen: fenOfYuanText(a.data.total_amount),
              currency: 'CNY',
              gatewayTradeNo: str(a.data.trade_no),
            }
          : null,
      };
    },

    async close(outTradeNo) {
      const a = await client.close(outTradeNo);
      // A trade the buyer never opened at Alipay does not exist there: nothing to close.
      const closed = a.ok || a.data.sub_code === 'ACQ.TRADE_NOT_EXIST';
      return {
        verified: a.verified,
        outcome: closed ? 'closed' : str(a.data.sub_code, 'failed'),
        raw: a.raw,
        closed,
      };
    },

    async refund(p) {
      const a = await client.refund({
        outTradeNo: p.outTradeNo,
        outRequestNo: p.outRefundNo,
        refundFen: p.refundFen,
        reason: p.reason,
      });
      return {
        verified: a.verified,
        outcome: a.ok ? str(a.data.fund_change, 'accepted') : str(a.data.sub_code, 'failed'),
        raw: a.raw,
        accepted: a.ok,
        // fund_change N: this request moved no money (a repeat); the refund query settles it.
        completed: a.ok && a.data.fund_change === 'Y',
        refused: !a.ok && a.verified,
        gatewayRefundId: str(a.data.trade_no),
      };
    },

    async queryRefund(outTradeNo, outRefundNo) {
      const a = await client.queryRefund(outTradeNo, outRefundNo);
      if (!a.verified || !a.ok) return null;
      return {
        verified: true,
        outcome: str(a.data.refund_status),
        raw: a.raw,
        outRefundNo,
        status: a.data.refund_status === 'REFUND_SUCCESS' ? 'success' : null,
        gatewayRefundId: '',
      };
    },

    readNotification({ fields, raw }) {
      const outTradeNo = fields.out_trade_no ?? '';
      if (!client.verifyNotification(fields)) return { kind: 'forged', outTradeNo };
      if (fields.app_id !== client.appId || !isPaid(fields.trade_status)) {
        return { kind: 'not-paid', outTradeNo, payload: raw };
      }
      return {
        kind: 'paid',
        payload: raw,
        report: {
          outTradeNo,
          amountFen: fenOfYuanText(fields.total_amount),
          // Alipay trades of this shop are in yuan; a foreign settlement currency is not accepted.
          currency:
            fields.trans_currency && fields.trans_currency !== 'CNY'
              ? fields.trans_currency
              : 'CNY',
          gatewayTradeNo: fields.trade_no ?? '',
        },
      };
    },
  };
}
