/** One code to deliver; scene 1 login, 2 register, 3 forgot password, 4 new login contact. */
export interface CodeMessage {
  to: string;
  scene: number;
  code: string;
}

/** A way of getting a code to a phone or mailbox. */
export interface CodeChannel {
  send(message: CodeMessage): Promise<void>;
  close?(): void;
}

/** A channel failed; `message` is for the log only, never for the client. */
export class DeliveryError extends Error {
  constructor(
    readonly kind: 'sms' | 'email',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** No provider is configured for this kind of code (production never prints codes). */
export class ChannelUnavailable extends DeliveryError {}

export const SCENE_PURPOSE: Record<number, string> = {
  1: '登录',
  2: '注册',
  3: '找回密码',
  4: '更换登录手机号或邮箱',
};
