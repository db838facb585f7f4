import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { call, createMember } from '../support/auth';
import { apiData, type Paged, type ProductCard } from '../support/storefront';

/**
 * What a person does on a server-rendered page before the app takes it over (docs/web.md,
 * "Before the app takes over"), on a slow phone: the CPU is throttled, and the app's code is held
 * back until the person has typed, so the typing surely comes first. What was typed is kept; the
 * buttons that need the app are disabled until it has taken over, then work with what was typed.
 * Playwright's own `test`: the shop's `page.goto` would wait for the takeover.
 */
test.use({ viewport: { width: 1366, height: 900 } });

/** Chromium runs the page this many times slower, as on a slow phone. */
const CPU_SLOWDOWN = 10;

/** Holds every script of the app until the returned function is called. */
async function holdAppCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function slowCpu(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** A search term whose first result has packs, and another term to type into the search box. */
async function terms(request: APIRequestContext) {
  const keys = await apiData<Array<{ keyword: string }>>(
    request,
    'get',
    '/client/v1/products/search-keys',
  );
  for (const { keyword } of keys) {
    const found = await apiData<Paged<ProductCard>>(request, 'post', '/client/v1/products', {
      key: keyword,
      page: 1,
      size: 20,
    });
    const pack = found.records[0]?.materials[0];
    const other = keys.find((k) => k.keyword !== keyword)?.keyword;
    if (pack && other) return { key: keyword, pack, other };
  }
  throw new Error('no search term with packs');
}

const root = (page: Page) => page.locator('#root');
const firstRow = (page: Page) => page.getByTestId('pack-table').first().locator('tbody tr').first();
const quantityBox = (page: Page) => firstRow(page).getByRole('textbox', { name: '数量' });
const addButton = (page: Page) => firstRow(page).getByRole('button', { name: '加入购物车' });
const searchBox = (page: Page) =>
  page.getByRole('search').getByRole('searchbox', { name: '搜索商品' });

test('a visitor’s quantity and search term typed before hydration are the app’s after it', async ({
  page,
  request,
}) => {
  const { key, other } = await terms(request);
  const release = await holdAppCode(page);
  await slowCpu(page, CPU_SLOWDOWN);
  await page.goto(`/search?name=${encodeURIComponent(key)}`, { waitUntil: 'domcontentloaded' });

  // The server's page: the buttons that need the app say so.
  await expect(addButton(page)).toBeDisabled();
  await expect(firstRow(page).getByRole('button', { name: '增加数量' })).toBeDisabled();
  await quantityBox(page).fill('3');
  await searchBox(page).fill(other);
  await expect(root(page)).not.toHaveAttribute('data-app');

  release();
  await expect(root(page)).toHaveAttribute('data-app', 'hydrated', { timeout: 60_000 });
  await slowCpu(page, 1);
  await expect(quantityBox(page)).toHaveValue('3');
  await expect(searchBox(page)).toHaveValue(other);
  await expect(addButton(page)).toBeEnabled();

  // The app counts from the typed figure, not from the 1 the server rendered.
  await firstRow(page).getByRole('button', { name: '增加数量' }).click();
  await expect(quantityBox(page)).toHaveValue('4');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?name=${encodeURIComponent(other)}$`));
});

test('a member’s quantity typed into the server’s page is added to the cart', async ({
  page,
  request,
}) => {
  const { key, pack, other } = await terms(request);
  const member = await createMember(request);
  // The session is in the page before its scripts run, as after a login.
  await page.addInitScript({
    content: `
      const s = ${JSON.stringify(member.session)};
      localStorage.setItem('token', s.token);
      localStorage.setItem('exp', String(s.exp));
      localStorage.setItem('name', s.name);
      localStorage.setItem('account', s.account);`,
  });
  const release = await holdAppCode(page);
  await slowCpu(page, CPU_SLOWDOWN);
  await page.goto(`/search?name=${encodeURIComponent(key)}`, { waitUntil: 'domcontentloaded' });

  // The server renders the visitor's view; the member's replaces it, with what was typed.
  await expect(addButton(page)).toBeDisabled();
  await quantityBox(page).fill('3');
  await searchBox(page).fill(other);
  await expect(root(page)).not.toHaveAttribute('data-app');

  release();
  await expect(root(page)).toHaveAttribute('data-app', 'rendered', { timeout: 60_000 });
  await slowCpu(page, 1);
  await expect(searchBox(page)).toHaveValue(other);
  await expect(searchBox(page)).toBeFocused();
  await expect(addButton(page)).toBeEnabled();
  await expect(quantityBox(page)).toHaveValue('3');

  await addButton(page).click();
  await expect
    .poll(async () =>
      (
        await call<Array<{ materialId: number; quantity: number }>>(
          request,
          'get',
          '/client/v1/cart',
          undefined,
          member.session.token,
        )
      ).map((l) => [l.materialId, l.quantity]),
    )
    .toEqual([[pack.id, 3]]);
});
