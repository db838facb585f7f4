import { createHmac, randomUUID } from 'node:crypto';
import { DeliveryError, type CodeChannel } from './types.ts';

export const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com/';
const TIMEOUT_MS = 10_000;

export interface AliyunSmsOptions {
  endpoint: string;
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
}

/** RFC 3986 percent-encoding as the Aliyun RPC signature requires (space %20, * %2A, ~ kept). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Aliyun RPC signature v1: HMAC-SHA1 over METHOD&%2F&encode(sorted canonical query). */
export function signAliyunRpc(
  method: string,
  params: Record<string, string>,
  accessKeySecret: string,
): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k] ?? '')}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
}

/** The account SendSms is called with. */
export type AliyunAccount = Omit<AliyunSmsOptions, 'templateCode'>;

/**
 * One SendSms call of Aliyun SMS (Dysmsapi 2017-05-25) with any approved template and its
 * parameters; verification codes and notifications (domains/notifications) both use it.
 */
export async function sendAliyunSms(
  opts: AliyunAccount,
  to: string,
  templateCode: string,
  templateParams: Record<string, string>,
): Promise<void> {
  const params: Record<string, string> = {
    AccessKeyId: opts.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: to,
    RegionId: 'cn-hangzhou',
    SignName: opts.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: randomUUID(),
    SignatureVersion: '1.0',
    TemplateCode: templateCode,
    TemplateParam: JSON.stringify(templateParams),
    Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Version: '2017-05-25',
  };
  params.Signature = signAliyunRpc('POST', params, opts.accessKeySecret);
  let answer: { Code?: unknown; Message?: unknown; RequestId?: unknown };
  try {
    const res = await fetch(opts.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    answer = (await res.json()) as typeof answer;
  } catch (err) {
    throw new DeliveryError('sms', 'Aliyun SMS request failed', { cause: err });
  }
  if (answer.Code !== 'OK') {
    throw new DeliveryError(
      'sms',
      `Aliyun SMS refused: ${String(answer.Code)} ${String(answer.Message)} (request ${String(answer.RequestId)})`,
    );
  }
}

/** Verification codes through SendSms; the template takes one parameter, `code`. */
export function createAliyunSmsChannel(opts: AliyunSmsOptions): CodeChannel {
  return {
    send: ({ to, code }) => sendAliyunSms(opts, to, opts.templateCode, { code }),
  };
}
