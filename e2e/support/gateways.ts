import {
  startGatewayImitation,
  type GatewayImitation,
} from '../../apps/server/test/gateways/imitation';
import { E2E_BASE_URL } from './env';

/**
 * The WeChat Pay and Alipay imitations run in the Playwright main process for the whole run;
 * the shop gets their URLs and keys by environment, journeys reach them by URL.
 */
const holder = globalThis as { gatewayImitation?: GatewayImitation };

export async function startGateways(): Promise<Record<string, string>> {
  const gw = await startGatewayImitation({ notifyBaseUrl: E2E_BASE_URL });
  holder.gatewayImitation = gw;
  process.env.E2E_GATEWAY_URL = gw.url;
  return gw.env;
}

export async function stopGateways(): Promise<void> {
  await holder.gatewayImitation?.close();
}
