import { AlipaySdk } from 'alipay-sdk';
import { chinaDateTime, now } from '../../lib/clock.ts';
import type { AlipayConfig } from '../../payments-config.ts';

/** One answer of the Alipay gateway: the response object as received, or the failure. */
export interface AlipayAnswer {
  ok: boolean;
  verified: boolean;
  raw: string;
  data: Record<string, unknown>;
}

const yuanText = (fen: number) => (fen / 100).toFixed(2);

/** Alipay open platform (RSA2) through the official SDK, pointed at the configured gateway. */
export class AlipayClient {
  private readonly sdk: AlipaySdk;

  constructor(
    private readonly cfg: AlipayConfig,
    private readonly clock: () => number = now,
  ) {
    this.sdk = new AlipaySdk({
      appId: cfg.appId,
      privateKey: cfg.privateKeyPem,
      keyType: cfg.keyType,
      alipayPublicKey: cfg.alipayPublicKeyPem,
      gateway: cfg.gatewayUrl,
      signType: 'RSA2',
      // Keys stay as the gateway sent them, so the stored record is the answer itself.
      camelcase: false,
      timeout: 10_000,
    });
  }

  get appId(): string {
    return this.cfg.appId;
  }

  get sellerId(): string {
    return this.cfg.sellerId;
  }

  /**
   * The request's timestamp in China time: the SDK would write the host's local time, which on
   * a UTC host is eight hours behind what Alipay expects.
   */
  private timestamp(): string {
    return chinaDateTime(this.clock());
  }

  /** The signed gateway URL the buyer's browser is sent to (computer or mobile website). */
  payUrl(p: {
    channel: 'page' | 'wap';
    outTradeNo: string;
    amountFen: number;
    subject: string;
    returnUrl: string;
    notifyUrl: string;
    expireAt: number;
  }): string {
    return this.sdk.pageExecute(
      p.channel === 'page' ? 'alipay.trade.page.pay' : 'alipay.trade.wap.pay',
      'GET',
      {
        bizContent: {
          out_trade_no: p.outTradeNo,
          total_amount: yuanText(p.amountFen),
          subject: p.subject,
          product_code: p.channel === 'page' ? 'FAST_INSTANT_TRADE_PAY' : 'QUICK_WAP_WAY',
          time_expire: chinaDateTime(p.expireAt),
        },
        returnUrl: p.returnUrl,
        notifyUrl: p.notifyUrl,
        timestamp: this.timestamp(),
      },
    );
  }

  private async exec(method: string, bizContent: Record<string, unknown>): Promise<AlipayAnswer> {
    try {
      const data = (await this.sdk.exec(
        method,
        { bizContent, timestamp: this.timestamp() },
        { validateSign: true },
      )) as Record<string, unknown>;
      return { ok: data.code === '10000', verified: true, raw: JSON.stringify(data), data };
    } catch (err) {
      const raw = (err as { responseDataRaw?: unknown }).responseDataRaw;
      return {
        ok: false,
        verified: false,
        raw: typeof raw === 'string' ? raw : String((err as Error).message),
        data: {},
      };
    }
  }

  query(outTradeNo: string): Promise<AlipayAnswer> {
    return this.exec('alipay.trade.query', { out_trade_no: outTradeNo });
  }

  close(outTradeNo: string): Promise<AlipayAnswer> {
    return this.exec('alipay.trade.close', { out_trade_no: outTradeNo });
  }

  refund(p: {
    outTradeNo: string;
    outRequestNo: string;
    refundFen: number;
    reason: string;
  }): Promise<AlipayAnswer> {
    return this.exec('alipay.trade.refund', {
      out_trade_no: p.outTradeNo,
      out_request_no: p.outRequestNo,
      refund_amount: yuanText(p.refundFen),
      refund_reason: p.reason,
    });
  }

  queryRefund(outTradeNo: string, outRequestNo: string): Promise<AlipayAnswer> {
    return this.exec('alipay.trade.fastpay.refund.query', {
      out_trade_no: outTradeNo,
      out_request_no: outRequestNo,
    });
  }

  /** Whether an asynchronous notification (form fields as posted) carries Alipay's signature. */
  verifyNotification(fields: Record<string, string>): boolean {
    try {
      return this.sdk.checkNotifySignV2(fields);
    } catch {
      return false;
    }
  }
}

/** Yuan text of the gateway ("12.30") to fen; null when it is not an exact amount. */
export function fenOfYuanText(text: unknown): number | null {
  if (typeof text !== 'string' || !/^\d{1,10}(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}
