import { preloadKey, ResultCode, UI } from '@labshop/shared';
import {
  ApiError,
  buildUrl as urlOf,
  isWrite,
  newIdempotencyKey,
  sendOnceMore,
} from '@labshop/api-client';
import { buyingForHeaders } from './buying-for';
import { isServerRender, takePreloaded } from './preloaded';
import { clearSession, getExp, getToken, isLoggedOutToken, saveRenewedToken } from './session';
import { toastError } from './toast';

/**
 * The request client of docs/product-rules.md sections 7-8: envelope handling, the error-code table, a 30 s
 * timeout, throttled error toasts, and renewal of an expired token before the next request.
 */

/** Same origin by default; a build can point the storefront at another API host. */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

export { ApiError };

export interface RequestOptions {
  /** Query string values; undefined, null and '' are left out. */
  params?: Record<string, string | number | boolean | null | undefined>;
  /** JSON body. */
  data?: unknown;
  /** Do not toast error messages: the caller shows them its own way. */
  silent?: boolean;
  signal?: AbortSignal;
}

interface Envelope {
  code?: number;
  msg?: string;
  data?: unknown;
}

export const MESSAGES = {
  requestError: '请求错误',
  networkError: '网络错误，请稍后重试',
} as const;

let renewal: Promise<void> | null = null;

/** Renews the token once for all requests waiting on it; clears the session when it fails. */
function renewIfExpired(): Promise<void> {
  const token = getToken();
  if (!token || getExp() > Date.now()) return Promise.resolve();
  renewal ??= (async () => {
    try {
      const res = await fetch(`${API_BASE}/manage/v1/access`, {
        method: 'PUT',
        headers: { Authorization: token, Accept: 'application/json' },
        signal: AbortSignal.timeout(UI.requestTimeoutMs),
      });
      const env = (await res.json()) as Envelope;
      const data = env.data as { token?: string; exp?: number } | null | undefined;
      if ((env.code ?? 0) !== 0 || !data?.token || !data.exp) throw new Error('renewal refused');
      saveRenewedToken(data.token, data.exp);
    } catch {
      clearSession({ toLogin: true });
    } finally {
      renewal = null;
    }
  })();
  return renewal;
}

const buildUrl = (path: string, params?: RequestOptions['params']) => urlOf(path, params, API_BASE);

/** Applies docs/product-rules.md section 8 to an error code; returns the error to throw. */
function handleErrorCode(
  code: number,
  msg: string,
  silent: boolean,
  sentToken: string | null,
  status?: number,
): ApiError {
  const staleLogout =
    (code === ResultCode.TOKEN_INVALID || code === ResultCode.TOKEN_EXPIRED) &&
    isLoggedOutToken(sentToken);
  if (staleLogout) return new ApiError(code, msg, status);
  switch (code) {
    case ResultCode.TOKEN_MISSING:
      clearSession({ toLogin: true });
      break;
    case ResultCode.TOKEN_INVALID:
    case ResultCode.TOKEN_EXPIRED:
      toastError(msg);
      clearSession({ toLogin: true });
      break;
    case ResultCode.SESSION_CLEARED:
      clearSession({ toLogin: false });
      break;
    default:
      if (!silent) toastError(msg);
  }
  return new ApiError(code, msg, status);
}

/** Answer data with the server's message, for calls whose success text comes from the server. */
export interface WithMessage<T> {
  data: T;
  msg: string;
}

export async function request<T>(
  method: string,
  path: string,
  opts: RequestOptions = {},
): Promise<T> {
  return (await requestWithMessage<T>(method, path, opts)).data;
}

export async function requestWithMessage<T>(
  method: string,
  path: string,
  opts: RequestOptions = {},
): Promise<WithMessage<T>> {
  const silent = opts.silent ?? false;
  // The page's own answers are anonymous: a member's calls (member prices) always go out.
  if (!getToken()) {
    const pathAndQuery = buildUrl(path, opts.params).slice(API_BASE.length);
    const pre = takePreloaded(preloadKey(method, pathAndQuery, opts.data)) as Envelope | undefined;
    if (pre && (pre.code ?? 0) === 0) return { data: pre.data as T, msg: pre.msg ?? '' };
  }
  // The server renders a page from the answers it carries only; the browser makes the rest.
  if (isServerRender()) throw new ApiError(-1, MESSAGES.requestError);
  await renewIfExpired();

  let init: RequestInit;
  let url: string;
  const sentToken = getToken();
  try {
    url = buildUrl(path, opts.params);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (sentToken) {
      headers.Authorization = sentToken;
      // The organization the member buys for, whose contract prices these answers carry.
      Object.assign(headers, buyingForHeaders(path));
    }
    if (opts.data !== undefined) headers['Content-Type'] = 'application/json';
    // One key per call, which is one user action (useSubmitMutation runs it once).
    if (isWrite(method)) headers['Idempotency-Key'] = newIdempotencyKey();
    init = {
      method,
      headers,
      body: opts.data === undefined ? undefined : JSON.stringify(opts.data),
    };
  } catch {
    if (!silent) toastError(MESSAGES.requestError);
    throw new ApiError(-1, MESSAGES.requestError);
  }

  const timeout = AbortSignal.timeout(UI.requestTimeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await sendOnceMore(url, init, signal);
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    if (!silent) toastError(MESSAGES.networkError);
    throw new ApiError(-1, MESSAGES.networkError);
  }

  let env: Envelope;
  try {
    env = (await res.json()) as Envelope;
  } catch {
    if (!silent) toastError(MESSAGES.networkError);
    throw new ApiError(-1, MESSAGES.networkError, res.status);
  }
  const code = env.code ?? 0;
  if (code !== 0) {
    throw handleErrorCode(code, env.msg ?? MESSAGES.requestError, silent, sentToken, res.status);
  }
  return { data: env.data as T, msg: env.msg ?? '' };
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
  post: <T>(path: string, data?: unknown, opts?: RequestOptions) =>
    request<T>('POST', path, { ...opts, data }),
  put: <T>(path: string, data?: unknown, opts?: RequestOptions) =>
    request<T>('PUT', path, { ...opts, data }),
  patch: <T>(path: string, data?: unknown, opts?: RequestOptions) =>
    request<T>('PATCH', path, { ...opts, data }),
  delete: <T>(path: string, data?: unknown, opts?: RequestOptions) =>
    request<T>('DELETE', path, { ...opts, data }),
};
