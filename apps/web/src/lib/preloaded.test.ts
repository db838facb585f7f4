import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRELOADED_ANSWERS_ID, preloadKey } from '@labshop/shared';
import { apiAnswer } from '@/test-answers';

vi.mock('./toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

let fetched: string[];

/** A fresh client (its answers are read once per page) on a page that carries `answers`. */
async function clientOnPage(answers: Record<string, unknown>) {
  document.getElementById(PRELOADED_ANSWERS_ID)?.remove();
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = PRELOADED_ANSWERS_ID;
  el.textContent = JSON.stringify(answers);
  document.body.append(el);
  vi.resetModules();
  return (await import('./api-client')).api;
}

beforeEach(() => {
  fetched = [];
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      fetched.push(`${init.method ?? 'GET'} ${url}`);
      return Promise.resolve(apiAnswer('from the network'));
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('answers inside the page (docs/api.md)', () => {
  it('hands a call its answer from the page once, then asks the network', async () => {
    const api = await clientOnPage({
      [preloadKey('GET', '/client/v1/categories/children?pid=0')]: { code: 0, data: ['page'] },
    });
    await expect(
      api.get('/client/v1/categories/children', { params: { pid: 0 } }),
    ).resolves.toEqual(['page']);
    expect(fetched).toEqual([]);
    await expect(api.get('/client/v1/categories/children', { params: { pid: 0 } })).resolves.toBe(
      'from the network',
    );
    expect(fetched).toEqual(['GET /client/v1/categories/children?pid=0']);
  });

  it('matches a body whatever order its keys were written in, and only that body', async () => {
    const api = await clientOnPage({
      [preloadKey('POST', '/client/v1/products', { key: '苯甲酸', page: 1 })]: {
        code: 0,
        data: 'page',
      },
    });
    await expect(api.post('/client/v1/products', { key: '苯甲酸', page: 2 })).resolves.toBe(
      'from the network',
    );
    await expect(api.post('/client/v1/products', { page: 1, key: '苯甲酸' })).resolves.toBe('page');
    expect(fetched).toEqual(['POST /client/v1/products']);
  });

  it("never hands a member the page's anonymous answers", async () => {
    const api = await clientOnPage({
      [preloadKey('GET', '/client/v1/products/1')]: { code: 0, data: 'anonymous' },
    });
    const { saveSession } = await import('./session');
    saveSession({ token: 't', exp: Date.now() + 60_000, name: '张三', account: '13800000000' });
    await expect(api.get('/client/v1/products/1')).resolves.toBe('from the network');
    expect(fetched).toEqual(['GET /client/v1/products/1']);
  });

  it('a page with an unreadable answers element just uses the network', async () => {
    const api = await clientOnPage({});
    document.getElementById(PRELOADED_ANSWERS_ID)!.textContent = '{not json';
    await expect(api.get('/client/v1/system/company')).resolves.toBe('from the network');
  });
});
