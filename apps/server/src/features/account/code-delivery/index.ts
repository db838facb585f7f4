import { isEmail } from '@labshop/shared';
import type { Config } from '../../../config.ts';
import { stdoutChannel } from './stdout.ts';
import { createSmtpChannel } from './smtp.ts';
import { ALIYUN_SMS_ENDPOINT, createAliyunSmsChannel } from './sms-aliyun.ts';
import type { CodeChannel, CodeMessage } from './types.ts';

export { DeliveryError, type CodeChannel, type CodeMessage } from './types.ts';

export interface CodeDelivery {
  send(message: CodeMessage): Promise<void>;
  close(): void;
}

function smsChannel(config: Config): CodeChannel {
  if (!config.smsProvider) return stdoutChannel;
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
 * either falls back to the stdout development channel when not configured. A misconfigured
 * provider fails at start-up rather than at the first code.
 */
export function createCodeDelivery(config: Config): CodeDelivery {
  const sms = smsChannel(config);
  const email = config.smtpUrl ? createSmtpChannel(config.smtpUrl, config.smtpFrom) : stdoutChannel;
  return {
    send: (message) => (isEmail(message.to) ? email : sms).send(message),
    close() {
      sms.close?.();
      email.close?.();
    },
  };
}
