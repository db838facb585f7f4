import nodemailer from 'nodemailer';
import { CODE_TTL_MINUTES } from '../account.rules.ts';
import { DeliveryError, SCENE_PURPOSE, type CodeChannel } from './types.ts';

/** Sends email codes through the SMTP server of SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpChannel(smtpUrl: string, from: string): CodeChannel {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ to, scene, code }) {
      const purpose = SCENE_PURPOSE[scene] ?? '身份验证';
      try {
        await transport.sendMail({
          from,
          to,
          subject: `您的${purpose}验证码`,
          text:
            `您的${purpose}验证码为 ${code}，${CODE_TTL_MINUTES} 分钟内有效，仅可使用一次。\n` +
            '如非本人操作，请忽略本邮件，切勿将验证码告知他人。',
        });
      } catch (err) {
        throw new DeliveryError('email', 'SMTP delivery failed', { cause: err });
      }
    },
    close() {
      transport.close();
    },
  };
}
