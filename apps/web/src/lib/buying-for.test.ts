import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { buyingForHeaders, getBuyingFor, setBuyingFor } from './buying-for';
import { saveSession } from './session';
import { apiAnswer } from '@/test-answers';

vi.mock('./toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

const login = (account: string) =>
  saveSession({ token: `t-${account}`, exp: Date.now() + 60_000, name: '张三', account });

let sent: { url: string; org: string | null }[];

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      sent.push({ url, org: new Headers(init.headers).get('X-Org-Id') });
      return Promise.resolve(apiAnswer(null));
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('whom the member buys for (docs/contract-prices-credit.md section 6)', () => {
  it('is 个人 for a visitor, whatever is stored', () => {
    localStorage.setItem('buyingFor', JSON.stringify({ account: '', orgId: 7 }));
    expect(getBuyingFor()).toBeNull();
    expect(buyingForHeaders('/client/v1/cart')).toEqual({});
  });

  it("is remembered for the member's account, not another's on the same browser", () => {
    login('13800000001');
    setBuyingFor(7);
    expect(getBuyingFor()).toBe(7);
    login('13800000002');
    expect(getBuyingFor()).toBeNull();
    login('13800000001');
    expect(getBuyingFor()).toBe(7);
    setBuyingFor(null);
    expect(getBuyingFor()).toBeNull();
    expect(localStorage.getItem('buyingFor')).toBeNull();
  });

  it('ignores a stored value that is not an organization id', () => {
    login('13800000001');
    localStorage.setItem('buyingFor', JSON.stringify({ account: '13800000001', orgId: 'x' }));
    expect(getBuyingFor()).toBeNull();
    localStorage.setItem('buyingFor', '{not json');
    expect(getBuyingFor()).toBeNull();
  });

  it('names the organization on search, product and cart requests only', async () => {
    login('13800000001');
    setBuyingFor(7);
    await api.post('/client/v1/products', { name: '苯' });
    await api.get('/client/v1/products/5');
    await api.get('/client/v1/cart');
    await api.post('/client/v1/cart/part', { ids: [1] });
    await api.get('/client/v1/user/info');
    await api.get('/client/v1/orgs');
    await api.get('/client/v1/productsx');
    expect(sent.map((s) => [s.url.split('?')[0], s.org])).toEqual([
      ['/client/v1/products', '7'],
      ['/client/v1/products/5', '7'],
      ['/client/v1/cart', '7'],
      ['/client/v1/cart/part', '7'],
      ['/client/v1/user/info', null],
      ['/client/v1/orgs', null],
      ['/client/v1/productsx', null],
    ]);
  });

  it('sends nothing when the member buys for themselves', async () => {
    login('13800000001');
    await api.get('/client/v1/cart');
    expect(sent).toEqual([{ url: '/client/v1/cart', org: null }]);
  });
});
