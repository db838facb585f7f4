import { PayType } from '@labshop/shared';
import type { AlipayConfig } from '../../payments-config.ts';
import { AlipayClient, fenOfYuanText } from './alipay.ts';
import type { PaymentGateway } from './gateway.ts';

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const isPaid = (status: unknown) => status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED';

/** A business error code without the `aop.` prefix Alipay sometimes puts before it. */
const subCode = (data: Record<string, unknown>) => str(data.sub_code).replace(/^aop\./, '');

/**
 * Refund answers that are a definite no: the same request can never succeed, so the refund
 * failed and its amount may be refunded again under a new number. Every other failure
 * (ACQ.SYSTEM_ERROR, 20000 service unavailable, a balance too low, an inconsistent repeat, an
 * unknown code, a timeout, an unsigned answer) leaves the refund reserved: Alipay asks for the
 * same out_request_no again, so the money can go back only once (docs/payments.md, "Refunds").
 */
const DEFINITE_REFUND_REFUSALS = new Set([
  'ACQ.INVALID_PARAMETER',
  'ACQ.TRADE_NOT_EXIST',
  'ACQ.TRADE_STATUS_ERROR',
  'ACQ.TRADE_HAS_CLOSE',
  'ACQ.TRADE_HAS_FINISHED',
  'ACQ.TRADE_NOT_ALLOW_REFUND',
  'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
  'ACQ.REFUND_FEE_ERROR',
  'ACQ.REASON_TRADE_REFUND_FEE_ERR',
  'ACQ.NOT_ALLOW_PARTIAL_REFUND',
  'ACQ.ONLINE_TRADE_VOUCHER_NOT_ALLOW_REFUND',
]);

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
      const paid = a.verified && a.ok && isPaid(status);
      return {
        verified: a.verified,
        outcome: a.verified ? str(status, subCode(a.data) || 'error') : 'unverified',
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
      // A trade the buyer never opened at Alipay does not exist there: nothing to close. Only a
      // signed answer says so; an unsigned one closes nothing.
      const closed = a.verified && (a.ok || subCode(a.data) === 'ACQ.TRADE_NOT_EXIST');
      return {
        verified: a.verified,
        outcome: closed ? 'closed' : a.verified ? subCode(a.data) || 'failed' : 'unverified',
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
      const accepted = a.verified && a.ok;
      return {
        verified: a.verified,
        outcome: accepted
          ? str(a.data.fund_change, 'accepted')
          : a.verified
            ? subCode(a.data) || str(a.data.code, 'failed')
            : 'unverified',
        raw: a.raw,
        accepted,
        // fund_change N: this request moved no money (a repeat); the refund query settles it.
        completed: accepted && a.data.fund_change === 'Y',
        refused: !accepted && a.verified && DEFINITE_REFUND_REFUSALS.has(subCode(a.data)),
        gatewayRefundId: str(a.data.trade_no),
      };
    },

    async queryRefund(outTradeNo, outRefundNo) {
      const a = await client.queryRefund(outTradeNo, outRefundNo);
      const usable = a.verified && a.ok;
      return {
        verified: a.verified,
        outcome: usable
          ? str(a.data.refund_status, 'processing')
          : a.verified
            ? subCode(a.data) || 'failed'
            : 'unverified',
        raw: a.raw,
        report: usable
          ? {
              outRefundNo,
              status: a.data.refund_status === 'REFUND_SUCCESS' ? 'success' : null,
              gatewayRefundId: '',
            }
          : null,
      };
    },

    readNotification({ fields, raw }) {
      const outTradeNo = fields.out_trade_no ?? '';
      if (!client.verifyNotification(fields)) return { kind: 'forged', outTradeNo };
      // Signed by Alipay, but about another app's or another seller's trade: not this shop's money.
      if (fields.app_id !== client.appId || fields.seller_id !== client.sellerId) {
        return { kind: 'foreign', outTradeNo, payload: raw };
      }
      if (!isPaid(fields.trade_status)) {
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
