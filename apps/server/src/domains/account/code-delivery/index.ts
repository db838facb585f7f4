import { isEmail } from '@labshop/shared';
import type { Config } from '../../../config.ts';
import { stdoutChannel } from './stdout.ts';
import { createSmtpChannel } from './smtp.ts';
import { ALIYUN_SMS_ENDPOINT, createAliyunSmsChannel } from './sms-aliyun.ts';
import type { CodeChannel, CodeMessage } from './types.ts';

import { ChannelUnavailable } from './types.ts';

export { ChannelUnavailable, DeliveryError, type CodeChannel, type CodeMessage } from './types.ts';

export interface CodeDelivery {
  send(message: CodeMessage): Promise<void>;
  close(): void;
}

/**
 * In production a code is never printed: without a provider the channel refuses, and the member
 * is told the code cannot be sent.
 */
const refusingChannel = (kind: 'sms' | 'email'): CodeChannel => ({
  send: () =>
    Promise.reject(
      new ChannelUnavailable(
        kind,
        kind === 'sms'
          ? 'no SMS provider configured (SMS_PROVIDER): phone codes cannot be sent'
          : 'no SMTP server configured (SMTP_URL): email codes cannot be sent',
      ),
    ),
});

/** What the server says at start about channels that will refuse or print codes. */
export function codeChannelWarnings(config: Config): string[] {
  const warnings: string[] = [];
  const fallback = config.production
    ? 'refused (production never prints codes)'
    : 'printed on stdout';
  if (!config.smsProvider)
    warnings.push(`SMS_PROVIDER is not set: phone verification codes are ${fallback}`);
  if (!config.smtpUrl)
    warnings.push(`SMTP_URL is not set: email verification codes are ${fallback}`);
  return warnings;
}

function smsChannel(config: Config): CodeChannel {
  if (!config.smsProvider) return config.production ? refusingChannel('sms') : stdoutChannel;
  if (config.smsProvider !== 'aliyun') {
    throw new Error(`SMS_PROVIDER "${config.smsProvider}" is not supported (supported: aliyun)`);
  }
  const missing = (
    [
      ['SMS_ACCESS_KEY_ID', config.smsAccessKeyId],
      ['SMS_ACCESS_KEY_SECRET', config.smsAccessKeySecret],
      ['SMS_SIGN_NAME', config.smsSignName],
      ['SMS_TEMPLATE_CODE', config.smsTemplateCode],
    ] as const
  ).filter(([, value]) => !value);
  if (missing.length > 0) {
    throw new Error(`SMS_PROVIDER=aliyun needs ${missing.map(([name]) => name).join(', ')}`);
  }
  return createAliyunSmsChannel({
    endpoint: config.smsEndpoint || ALIYUN_SMS_ENDPOINT,
    accessKeyId: config.smsAccessKeyId,
    accessKeySecret: config.smsAccessKeySecret,
    signName: config.smsSignName,
    templateCode: config.smsTemplateCode,
  });
}

/**
 * Picks the channel per target: phones go to the configured SMS provider, emails to SMTP_URL;
 * either falls back to the stdout development channel when not configured (outside production). A misconfigured
 * provider fails at start-up rather than at the first code.
 */
export function createCodeDelivery(config: Config): CodeDelivery {
  const sms = smsChannel(config);
  const email = config.smtpUrl
    ? createSmtpChannel(config.smtpUrl, config.smtpFrom)
    : config.production
      ? refusingChannel('email')
      : stdoutChannel;
  return {
    send: (message) => (isEmail(message.to) ? email : sms).send(message),
    close() {
      sms.close?.();
      email.close?.();
    },
  };
}
