import { message } from 'antd';
import { ResultCode, STAFF_SECURITY_MSG } from '@labshop/shared';
import {
  ApiError,
  buildUrl,
  isWrite,
  newIdempotencyKey,
  sendOnceMore,
  type QueryParams,
} from '@labshop/api-client';
import { clearSession, getSession, getToken, saveSession } from './session';
import { navigateTo } from './navigation';

/**
 * The console's request client: sends the staff token, unwraps the `{ code, msg, data }`
 * envelope, gives every write one Idempotency-Key and sends it once more with that key when its
 * answer was lost (docs/api.md), and on 401 clears the session and goes to the login page.
 */

export { ApiError };

type Params = QueryParams;

export interface RequestOptions {
  params?: Params | undefined;
  data?: unknown;
  /** The caller shows errors its own way. */
  silent?: boolean;
  /** Answer the raw response (file downloads). */
  raw?: boolean;
}

const TIMEOUT_MS = 30_000;

interface Envelope {
  code?: number;
  msg?: string;
  data?: unknown;
}

function fail(err: ApiError, silent: boolean | undefined): never {
  if (err.status === 401) {
    clearSession();
    navigateTo('/login');
  }
  // STAFF_2FA=required came into force during the session: only enrolment answers now.
  if (err.status === 403 && err.message === STAFF_SECURITY_MSG.enrolRequired) {
    const session = getSession();
    if (session) saveSession({ ...session, twoFactorSetupRequired: true });
    navigateTo('/security');
  }
  if (!silent && err.code !== ResultCode.TOKEN_MISSING) void message.error(err.message);
  throw err;
}

async function send(method: string, path: string, opts: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = token;
  if (opts.data !== undefined) headers['Content-Type'] = 'application/json';
  // One key per call, which is one staff action (useSubmitMutation runs it once).
  if (isWrite(method)) headers['Idempotency-Key'] = newIdempotencyKey();
  try {
    return await sendOnceMore(
      buildUrl(path, opts.params),
      { method, headers, body: opts.data === undefined ? null : JSON.stringify(opts.data) },
      AbortSignal.timeout(TIMEOUT_MS),
    );
  } catch {
    return fail(new ApiError(-1, '网络错误，请稍后重试'), opts.silent);
  }
}

async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(method, path, opts);
  let env: Envelope;
  try {
    env = (await res.json()) as Envelope;
  } catch {
    return fail(new ApiError(-1, '请求错误', res.status), opts.silent);
  }
  const code = env.code ?? 0;
  if (code !== 0 || !res.ok) {
    return fail(new ApiError(code, env.msg || '请求错误', res.status), opts.silent);
  }
  return env.data as T;
}

/** Downloads a file answer (XLSX exports) with the staff token. */
async function download(path: string, params: Params | undefined, filename: string): Promise<void> {
  const res = await send('GET', path, { params });
  if (!res.ok) {
    const env = (await res.json().catch(() => ({}))) as Envelope;
    fail(new ApiError(env.code ?? 1, env.msg || '导出失败', res.status), false);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  URL.revokeObjectURL(url);
}

/** Fetches a file answer (a member's document) with the staff token, as a Blob. */
async function blob(path: string): Promise<Blob> {
  const res = await send('GET', path);
  if (!res.ok) {
    const env = (await res.json().catch(() => ({}))) as Envelope;
    return fail(new ApiError(env.code ?? 1, env.msg || '文件读取失败', res.status), false);
  }
  return res.blob();
}

/**
 * Sends a multipart/form-data upload (spreadsheets, certificates, pictures). `keepData` answers
 * the envelope's data, when there is some, even if the server refused the request (an import's
 * row report).
 */
async function upload<T>(
  path: string,
  form: FormData,
  opts: { params?: Params; silent?: boolean; method?: 'POST' | 'PUT' } = {},
): Promise<{ ok: boolean; msg: string; data: T }> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Idempotency-Key': newIdempotencyKey(),
  };
  const token = getToken();
  if (token) headers.Authorization = token;
  let res: Response;
  try {
    res = await sendOnceMore(
      buildUrl(path, opts.params),
      { method: opts.method ?? 'POST', headers, body: form },
      AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    );
  } catch {
    return fail(new ApiError(-1, '网络错误，请稍后重试'), opts.silent);
  }
  const env = (await res.json().catch(() => ({}))) as Envelope;
  const ok = (env.code ?? 0) === 0 && res.ok;
  if (!ok && (env.data === undefined || env.data === null)) {
    return fail(new ApiError(env.code ?? -1, env.msg || '上传失败', res.status), opts.silent);
  }
  return { ok, msg: env.msg ?? '', data: env.data as T };
}

/**
 * An upload whose answer is streamed as JSON lines (`Accept: application/x-ndjson`): every line
 * but the last goes to `onLine` as it arrives; the last is `{ type: 'result', status, ...envelope }`.
 * A retry answered from its idempotency key comes back as one plain envelope, read the same way.
 */
async function uploadLines<T, L>(
  path: string,
  form: FormData,
  onLine: (line: L) => void,
): Promise<{ ok: boolean; msg: string; data: T }> {
  const headers: Record<string, string> = {
    Accept: 'application/x-ndjson, application/json',
    'Idempotency-Key': newIdempotencyKey(),
  };
  const token = getToken();
  if (token) headers.Authorization = token;
  let last: (Envelope & { status?: number }) | undefined;
  let status = 0;
  try {
    const res = await sendOnceMore(
      buildUrl(path),
      { method: 'POST', headers, body: form },
      AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    );
    status = res.status;
    if (!res.body || !(res.headers.get('content-type') ?? '').includes('ndjson')) {
      last = (await res.json().catch(() => ({}))) as Envelope;
    } else {
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (value) buffer += value;
        const parts = buffer.split('\n');
        buffer = parts.pop() ?? '';
        for (const part of parts.filter((p) => p.trim() !== '')) {
          const line = JSON.parse(part) as { type?: string } & Envelope & { status?: number };
          if (line.type === 'result') last = line;
          else onLine(line as L);
        }
        if (done) break;
      }
      status = last?.status ?? 500;
    }
  } catch {
    return fail(new ApiError(-1, '网络错误，请稍后重试'), false);
  }
  const env = last ?? {};
  const ok = (env.code ?? 0) === 0 && status >= 200 && status < 300;
  if (!ok && (env.data === undefined || env.data === null)) {
    return fail(new ApiError(env.code ?? -1, env.msg || '上传失败', status), false);
  }
  return { ok, msg: env.msg ?? '', data: env.data as T };
}

/** Large imports take longer than an ordinary request. */
const UPLOAD_TIMEOUT_MS = 180_000;

export const api = {
  upload,
  uploadLines,
  get: <T>(path: string, params?: Params, opts?: RequestOptions) =>
    request<T>('GET', path, { ...opts, params }),
  post: <T>(path: string, data?: unknown, opts?: RequestOptions) =>
    request<T>('POST', path, { ...opts, data: data ?? {} }),
  put: <T>(path: string, data?: unknown, opts?: RequestOptions) =>
    request<T>('PUT', path, { ...opts, data: data ?? {} }),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
  download,
  blob,
};
