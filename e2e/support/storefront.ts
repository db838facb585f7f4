import crypto from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { call } from './auth';

/** API shapes the storefront journeys read to know what the seeded shop should show. */
export interface Stock {
  storeId: number;
  storeName: string;
  materialCount: number;
}
export interface Material {
  id: number;
  pack: string;
  price: number | null;
  userPrice: number | null;
  stocks: Stock[];
}
export interface ProductCard {
  id: number;
  name: string;
  nameEn: string;
  brandName: string;
  cas: string;
  number: string;
  summary: string;
  materials: Material[];
}
export interface ProductDetail extends ProductCard {
  categoryTitle: string;
  attributes: string;
  relationItems: Array<{ id: number; name: string }>;
}
export interface Paged<T> {
  records: T[];
  current: number;
  size: number;
  total: number;
}
export interface Category {
  id: number;
  title: string;
  url: string;
}

export const DEMO_ACCOUNT = '13800000000';
export const DEMO_PASSWORD = 'Demo#123456';

/** Calls the shop API and returns `data` of a successful envelope. */
export async function apiData<T>(
  request: APIRequestContext,
  method: 'get' | 'post',
  path: string,
  data?: object,
  token?: string,
): Promise<T> {
  const headers = token ? { Authorization: token } : undefined;
  const res =
    method === 'get'
      ? await request.get(path, { headers })
      : await request.post(path, { data, headers });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${method} ${path}: ${body.msg}`).toBe(0);
  return body.data;
}

/** The stock text of docs/product-rules.md section 9 for a pack size. */
export function stockText(m: Material, page: 'search' | 'product'): string {
  const total = m.stocks.reduce((s, x) => s + Math.max(0, x.materialCount), 0);
  if (total <= 0) return '订购';
  if (total < 50) return '< 50';
  return page === 'search' ? '> 50' : '现货';
}

/** '￥12.50' or 询价. */
export const priceText = (v: number | null) => (v === null ? '询价' : `￥${v.toFixed(2)}`);

/** Logs the demo member in through the API and stores the session the way the login page does. */
export async function loginAsDemo(page: Page, request: APIRequestContext): Promise<string> {
  const { publicKey } = await apiData<{ publicKey: string }>(
    request,
    'get',
    '/client/v1/system/public-key',
  );
  const password = crypto
    .publicEncrypt(
      { key: publicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(DEMO_PASSWORD, 'utf8'),
    )
    .toString('base64');
  const session = await apiData<{ token: string; exp: number; name: string; account: string }>(
    request,
    'post',
    '/client/v1/user/account-access',
    { account: DEMO_ACCOUNT, password },
  );
  // Runs before the shop's scripts on every page load; kept if a test logs out on purpose.
  await page.addInitScript({
    content: `if (!localStorage.getItem('token')) {
      const s = ${JSON.stringify(session)};
      localStorage.setItem('token', s.token);
      localStorage.setItem('exp', String(s.exp));
      localStorage.setItem('name', s.name);
      localStorage.setItem('account', s.account);
    }`,
  });
  return session.token;
}

/** How far the page scrolls sideways; 0 when it fits the viewport. */
export const horizontalOverflow = (page: Page) =>
  page.evaluate<number>(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );

/** A local storage value of the page. */
export const storageItem = (page: Page, key: string) =>
  page.evaluate<string | null>(`localStorage.getItem(${JSON.stringify(key)})`);

/** Matches a page URL ending with the given path and query. */
export const urlEndsWith = (path: string) =>
  new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/**
 * Serves this page's documents without the answers the server puts in them (docs/api.md,
 * "Answers inside the page") nor the first view it renders from them, so a journey that takes
 * the API down sees the app make its calls and show its own loading and failure states.
 */
export async function withoutPageAnswers(page: Page): Promise<void> {
  await page.route(
    () => true,
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const body = (await response.text())
        .replace(
          /<script type="application\/json" id="(preloaded-answers|server-queries)">[\s\S]*?<\/script>/g,
          '',
        )
        .replace(/<div id="root">[\s\S]*?(?=\s*<\/body>)/, '<div id="root"></div>\n  ');
      return route.fulfill({ response, body });
    },
  );
}

/**
 * Waits until the app has taken over the page the server rendered: its first render has
 * committed, which it marks with `data-app` on `#root` (docs/web.md, "Before the app takes
 * over"), so the page's controls are the app's and clicks are no new page load. With `selector`,
 * also until an element matching it is React's (a part that renders once its data is in).
 * React marks an element it hydrates while it is still hydrating the rest of the page, so that
 * alone does not say the page has been taken over.
 */
export async function appTookOver(page: Page, selector?: string): Promise<void> {
  await page.locator('#root[data-app]').waitFor({ state: 'attached' });
  if (selector === undefined) return;
  // A function, not a string: the shop's CSP forbids evaluating strings in the page.
  await page.waitForFunction((sel: string) => {
    const { document } = globalThis as unknown as {
      document: { querySelectorAll: (s: string) => ArrayLike<object> };
    };
    return Array.from(document.querySelectorAll(sel)).some((el) =>
      Object.keys(el).some((k) => k.startsWith('__reactFiber')),
    );
  }, selector);
}

/** Gives the member an address in 北京市海淀区 (the journeys' campus address) by the API. */
export async function addCampusAddress(request: APIRequestContext, token: string, name: string) {
  await call(
    request,
    'post',
    '/client/v1/user/address',
    {
      name,
      phone: '13700001111',
      region: JSON.stringify({
        province: { key: '110000', value: '北京市' },
        city: { key: '110100', value: '北京市' },
        area: { key: '110108', value: '海淀区' },
      }),
      address: '颐和园路 5 号化学楼',
    },
    token,
  );
}
