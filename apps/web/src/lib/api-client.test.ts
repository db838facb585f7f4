import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, requestWithMessage } from './api-client';
import { setNavigator } from './navigation';
import { getToken, markLoggedOut, saveSession } from './session';
import { toastError } from './toast';
import { apiAnswer } from '@/test-answers';

vi.mock('./toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

interface Call {
  method: string;
  url: string;
  auth: string | null;
}

let calls: Call[];
let answers: Record<string, { code: number; msg?: string; data?: unknown; status?: number }>;
const navigate = vi.fn<(to: string) => void>();

const envelope = (a: { code: number; msg?: string; data?: unknown; status?: number }) =>
  apiAnswer(a.data ?? null, a);

beforeEach(() => {
  calls = [];
  answers = {};
  navigate.mockReset();
  vi.mocked(toastError).mockReset();
  setNavigator(navigate);
  window.history.replaceState(null, '', '/userinfo/1-3?x=1');
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const auth = new Headers(init.headers).get('Authorization');
      calls.push({ method, url, auth });
      const path = url.split('?')[0] ?? url;
      return Promise.resolve(envelope(answers[`${method} ${path}`] ?? { code: 0, data: 'ok' }));
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

const member = (exp: number) =>
  saveSession({ token: 'old-token', exp, name: '张三', account: '13800000000' });

describe('session handling of the request client (docs/product-rules.md section 4)', () => {
  it('sends the stored token as Authorization', async () => {
    member(Date.now() + 60_000);
    await api.get('/client/v1/user/info');
    expect(calls).toEqual([{ method: 'GET', url: '/client/v1/user/info', auth: 'old-token' }]);
  });

  it('renews an expired token once before the waiting requests, then sends the new one', async () => {
    member(Date.now() - 1000);
    const newExp = Date.now() + 3_600_000;
    answers['PUT /manage/v1/access'] = { code: 0, data: { token: 'new-token', exp: newExp } };
    await Promise.all([api.get('/client/v1/user/info'), api.get('/client/v1/cart/count')]);
    expect(calls[0]).toEqual({ method: 'PUT', url: '/manage/v1/access', auth: 'old-token' });
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(calls.slice(1).map((c) => c.auth)).toEqual(['new-token', 'new-token']);
    expect(getToken()).toBe('new-token');
    expect(localStorage.getItem('exp')).toBe(String(newExp));
    expect(localStorage.getItem('name')).toBe('张三');
  });

  it('clears the session and goes to /login when renewal is refused', async () => {
    member(Date.now() - 1000);
    answers['PUT /manage/v1/access'] = { code: 601, msg: '登录状态无效，请重新登录', status: 401 };
    await api.get('/client/v1/products/1');
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('account')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fuserinfo%2F1-3%3Fx%3D1');
    // The request itself still goes out, as a visitor.
    expect(calls.at(-1)).toEqual({ method: 'GET', url: '/client/v1/products/1', auth: null });
  });

  it('600 clears the session without a toast', async () => {
    member(Date.now() + 60_000);
    answers['GET /client/v1/user/info'] = { code: 600, msg: '请先登录', status: 401 };
    await expect(api.get('/client/v1/user/info')).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
    expect(toastError).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fuserinfo%2F1-3%3Fx%3D1');
  });

  it.each([601, 602])('%i toasts the message, then logs out', async (code) => {
    member(Date.now() + 60_000);
    answers['GET /client/v1/user/info'] = { code, msg: '登录已过期，请重新登录', status: 401 };
    await expect(api.get('/client/v1/user/info')).rejects.toMatchObject({ code });
    expect(toastError).toHaveBeenCalledWith('登录已过期，请重新登录');
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('a 601 for the token just logged out with neither toasts nor sends the member to /login', async () => {
    member(Date.now() + 60_000);
    markLoggedOut('old-token');
    answers['GET /client/v1/cart/count'] = {
      code: 601,
      msg: '登录状态无效，请重新登录',
      status: 401,
    };
    await expect(api.get('/client/v1/cart/count')).rejects.toMatchObject({ code: 601 });
    expect(toastError).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    // The logout flow clears the session itself once the home page is shown.
    expect(getToken()).toBe('old-token');
    markLoggedOut(null);
  });

  it('100115 clears the session silently and stays on the page', async () => {
    member(Date.now() + 60_000);
    answers['GET /client/v1/user/info'] = { code: 100115 };
    await expect(api.get('/client/v1/user/info')).rejects.toMatchObject({ code: 100115 });
    expect(getToken()).toBeNull();
    expect(toastError).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('toasts other errors unless silent, and hands back the server message on success', async () => {
    answers['POST /client/v1/user/verification-code'] = {
      code: 1,
      msg: '操作过于频繁，请稍后再试',
      status: 429,
    };
    await expect(api.post('/client/v1/user/verification-code', { id: 'x' })).rejects.toMatchObject({
      code: 1,
      message: '操作过于频繁，请稍后再试',
    });
    expect(toastError).toHaveBeenCalledWith('操作过于频繁，请稍后再试');
    await expect(
      api.post('/client/v1/user/verification-code', {}, { silent: true }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(toastError).toHaveBeenCalledTimes(1);

    answers['POST /client/v1/user/verification-code'] = { code: 0, msg: '验证码已发送' };
    const res = await requestWithMessage('POST', '/client/v1/user/verification-code', { data: {} });
    expect(res).toEqual({ data: null, msg: '验证码已发送' });
  });

  it('shows the network error when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/client/v1/system/company')).rejects.toMatchObject({ code: -1 });
    expect(toastError).toHaveBeenCalledWith('网络错误，请稍后重试');
  });
});

describe('Idempotency-Key of writes', () => {
  const keysSent = (fetchMock: ReturnType<typeof vi.fn>) =>
    fetchMock.mock.calls.map(([, init]) =>
      new Headers((init as RequestInit | undefined)?.headers).get('Idempotency-Key'),
    );

  it('sends a fresh key with every write attempt and none with reads', async () => {
    const fetchMock = vi.mocked(fetch);
    await api.post('/client/v1/orders', { cartIds: [1] });
    await api.post('/client/v1/orders', { cartIds: [1] });
    await api.put('/client/v1/cart', { materialId: 1 });
    await api.get('/client/v1/cart');
    const [a, b, c, read] = keysSent(fetchMock);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set([a, b, c]).size).toBe(3);
    expect(read).toBeNull();
  });

  it('sends a write again with the same key when its answer was lost', async () => {
    let attempts = 0;
    const fetchMock = vi.fn(() => {
      attempts += 1;
      return attempts === 1
        ? Promise.reject(new TypeError('Failed to fetch'))
        : Promise.resolve(envelope({ code: 0, data: { id: 7 } }));
    });
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('/client/v1/orders', { cartIds: [1] })).resolves.toEqual({ id: 7 });
    const [first, second] = keysSent(fetchMock);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toBe(first);
  });

  it('does not send a read again', async () => {
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.get('/client/v1/cart')).rejects.toMatchObject({ code: -1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
