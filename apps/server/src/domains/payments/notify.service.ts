import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import type { PaymentsConfig } from '../../payments-config.ts';
import type { NotificationInput } from './gateway.ts';
import { gatewayFor } from './gateways.ts';
import { record } from './payment-records.ts';
import { handleRefundReport } from './refunds.service.ts';
import { settle, settledRight } from './settle.ts';

/**
 * Handles a gateway's asynchronous notification (POST /client/v1/payments/{gateway}/notify):
 * answers whether the gateway may stop sending it. A forged one changes nothing and is refused;
 * a genuine one that is no success is recorded; one naming another merchant, app or seller is
 * recorded and refused; a payment is settled once, a refund completed.
 */
export async function handleNotification(
  db: Db,
  cfg: PaymentsConfig,
  payType: number,
  input: NotificationInput,
): Promise<boolean> {
  const gateway = gatewayFor(cfg, payType);
  const note = gateway
    ? gateway.readNotification(input, now())
    : ({ kind: 'forged', outTradeNo: input.fields.out_trade_no ?? '' } as const);
  switch (note.kind) {
    case 'forged':
      await record(db, {
        orderId: null,
        payType,
        kind: 'notify',
        outTradeNo: note.outTradeNo,
        verified: false,
        outcome: 'bad_signature',
        payload: input.raw,
      });
      return false;
    case 'not-paid':
      await record(db, {
        orderId: null,
        payType,
        kind: 'notify',
        outTradeNo: note.outTradeNo,
        verified: true,
        outcome: 'not_success',
        payload: note.payload,
      });
      return true;
    case 'foreign':
      await record(db, {
        orderId: null,
        payType,
        kind: 'notify',
        outTradeNo: note.outTradeNo,
        verified: true,
        outcome: 'wrong_merchant',
        payload: note.payload,
      });
      return false;
    case 'refund':
      return handleRefundReport(db, {
        ...note.report,
        payType,
        kind: 'refund_notify',
        payload: note.payload,
      });
    case 'paid':
      return settledRight(
        await settle(db, { ...note.report, payType, kind: 'notify', payload: note.payload }),
      );
  }
}
