import { PayType } from '@labshop/shared';
import type { PaymentsConfig } from '../../payments-config.ts';
import { alipayGateway } from './alipay.gateway.ts';
import type { PaymentGateway } from './gateway.ts';
import { wechatGateway } from './wechat.gateway.ts';

const configured = new WeakMap<PaymentsConfig, Map<number, PaymentGateway>>();

/** The configured gateway that collects a pay type; null for a gateway that is not set up. */
export function gatewayFor(cfg: PaymentsConfig, payType: number): PaymentGateway | null {
  let gateways = configured.get(cfg);
  if (!gateways) {
    gateways = new Map();
    if (cfg.wechat) gateways.set(PayType.WECHAT, wechatGateway(cfg.wechat));
    if (cfg.alipay) gateways.set(PayType.ALIPAY, alipayGateway(cfg.alipay));
    configured.set(cfg, gateways);
  }
  return gateways.get(payType) ?? null;
}

const PATHS: Record<number, string> = { [PayType.WECHAT]: 'wechat', [PayType.ALIPAY]: 'alipay' };

/** Where a gateway posts its notifications (notify.routes.ts). */
export const notifyUrl = (cfg: PaymentsConfig, payType: number) =>
  `${cfg.notifyBaseUrl}/client/v1/payments/${PATHS[payType] ?? ''}/notify`;

/** Where the buyer's browser comes back to after paying. */
export const returnUrl = (cfg: PaymentsConfig, orderId: number) =>
  `${cfg.notifyBaseUrl}/pay/return?orderId=${orderId}`;
