import type { SignedHeaders } from './wechatpay.ts';

/**
 * What the shop asks of an online payment gateway (docs/payments.md): start a payment, ask about
 * it, close it, refund it, ask about a refund, and read a notification. WeChat Pay and Alipay
 * each implement it (wechat.gateway.ts, alipay.gateway.ts); the services speak only to this.
 * Every answer carries whether its signature verified, the outcome to record and the raw text.
 */
export interface Answer {
  verified: boolean;
  /** What the payment record says happened (gateway state, error code, `closed` ...). */
  outcome: string;
  raw: string;
}

/** A genuine, successful payment as the gateway reports it. */
export interface PaidReport {
  outTradeNo: string;
  amountFen: number | null;
  currency: string;
  gatewayTradeNo: string;
}

/**
 * A refund's state as the gateway reports it: null while it is still processing; `abnormal`
 * (WeChat's ABNORMAL: the money could not reach the buyer's card and the merchant must finish
 * it on the merchant platform) keeps the refund reserved like a processing one.
 */
export interface RefundReport {
  outRefundNo: string;
  status: 'success' | 'failed' | 'abnormal' | null;
  gatewayRefundId: string;
}

export type Device = 'pc' | 'mobile';

export interface PrepayRequest {
  outTradeNo: string;
  subject: string;
  amountFen: number;
  expireAt: number;
  clientIp: string;
  notifyUrl: string;
  returnUrl: string;
}

/** A notification as it arrived: headers and raw body, and the form fields where it was a form. */
export interface NotificationInput {
  headers: Partial<SignedHeaders>;
  raw: string;
  fields: Record<string, string>;
}

export type Notification =
  /** Not genuine: the signature did not verify (or the body could not be read). */
  | { kind: 'forged'; outTradeNo: string }
  /** Genuine, about a payment that is not (yet) a success. */
  | { kind: 'not-paid'; outTradeNo: string; payload: string }
  /** Signed by the gateway, but naming another merchant, app or seller: refused, changes nothing. */
  | { kind: 'foreign'; outTradeNo: string; payload: string }
  | { kind: 'paid'; report: PaidReport; payload: string }
  | { kind: 'refund'; report: RefundReport; payload: string };

export interface PaymentGateway {
  /** PayType of the orders this gateway collects. */
  readonly payType: number;
  /** The gateway's channel for the buyer's device (WeChat native or h5, Alipay page or wap). */
  channelFor(device: Device): string;
  /** Starts a payment on a channel; answers what the buyer's page needs (a code or a URL). */
  prepay(
    channel: string,
    p: PrepayRequest,
  ): Promise<Answer & { codeUrl: string | null; redirectUrl: string | null }>;
  /**
   * Asks about a payment: its paid report, or null with the outcome when it is not paid. Every
   * answer that changes anything must be `verified` (signed by the gateway): an unsigned one
   * changes nothing and is only recorded.
   */
  query(outTradeNo: string): Promise<Answer & { paid: PaidReport | null }>;
  /** Closes a payment; `closed` (verified only) also when it never existed at the gateway. */
  close(outTradeNo: string): Promise<Answer & { closed: boolean }>;
  /**
   * Hands a refund over. `accepted`: the gateway took it (with its refund id, and `completed`
   * when the money moved at once); `refused`: a verified, definite no, the refund failed and its
   * amount is free again. Neither (a retryable error, a timeout, an unsigned answer): the refund
   * stays reserved and is sent again with the same refund number.
   */
  refund(p: {
    outTradeNo: string;
    outRefundNo: string;
    refundFen: number;
    totalFen: number;
    reason: string;
    notifyUrl: string;
  }): Promise<
    Answer & { accepted: boolean; completed: boolean; refused: boolean; gatewayRefundId: string }
  >;
  /** Asks about a refund; `report` is null when the answer is not genuine or not usable. */
  queryRefund(
    outTradeNo: string,
    outRefundNo: string,
  ): Promise<Answer & { report: RefundReport | null }>;
  readNotification(input: NotificationInput, nowMs: number): Notification;
}
