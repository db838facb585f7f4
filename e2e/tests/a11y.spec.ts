import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { call, createMember, signIn, type Member } from '../support/auth';
import { apiData, loginAsDemo, type Paged, type ProductCard } from '../support/storefront';

/**
 * axe-core (WCAG 2.1 A and AA rules) on the storefront's main pages at a desktop and a phone
 * width: no serious or critical violation. axe is evaluated through the driver, which the
 * page's Content-Security-Policy does not apply to.
 */
const AXE_SOURCE = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const WIDTHS = [1440, 390] as const;

interface AxeNode {
  target: string[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate<AxeViolation[]>(`axe
    .run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    })
    .then((r) => r.violations)`);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes
          .slice(0, 5)
          .map((n) => `  ${n.target.join(' ')}: ${n.failureSummary ?? ''}`)
          .join('\n')}`,
    );
}

/** Opens a page, waits until it has shown its content, and checks it at both widths. */
async function expectAccessible(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.goto(path);
    await ready(page);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page), `${path} at ${width}px`).toEqual([]);
  }
}

const heading = (page: Page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible();

async function someProduct(request: APIRequestContext): Promise<ProductCard> {
  const part = await apiData<Paged<ProductCard>>(request, 'post', '/client/v1/products/part', {
    tag: 'hot',
    page: 1,
    size: 20,
  });
  const card = part.records.find((p) => p.materials.some((m) => m.price !== null));
  if (!card) throw new Error('no priced demo product');
  return card;
}

test.describe('visitor pages', () => {
  test('home', async ({ page }) => {
    await expectAccessible(page, '/', async (p) => {
      await heading(p);
      await expect(p.getByRole('navigation', { name: '主导航' })).toContainText('标准品');
    });
  });

  test('search', async ({ page }) => {
    await expectAccessible(page, `/search?name=${encodeURIComponent('苯甲酸')}`, async (p) => {
      await heading(p);
      await expect(p.getByTestId('pack-table').first()).toBeVisible();
    });
  });

  test('product', async ({ page, request }) => {
    const product = await someProduct(request);
    await expectAccessible(page, `/products/${product.id}`, async (p) => {
      await expect(p.getByRole('heading', { level: 1 })).toHaveText(product.name);
      await expect(p.getByTestId('pack-table')).toBeVisible();
    });
  });

  test('regulated product with its GHS label', async ({ page, request }) => {
    const found = await apiData<Paged<ProductCard>>(request, 'post', '/client/v1/products', {
      key: '乙醚',
      page: 1,
      size: 20,
    });
    const ether = found.records.find((p) => p.cas === '60-29-7');
    if (!ether) throw new Error('乙醚 is not in the demo catalogue');
    await expectAccessible(page, `/products/${ether.id}`, async (p) => {
      await expect(p.getByRole('heading', { level: 1 })).toHaveText(ether.name);
      await expect(p.getByTestId('regulation-panel')).toBeVisible();
      await expect(p.getByRole('img', { name: 'GHS02 易燃' })).toBeVisible();
    });
  });

  test('login', async ({ page }) => {
    await expectAccessible(page, '/login', async (p) => {
      await heading(p);
      await expect(p.getByLabel('账号')).toBeVisible();
    });
  });
});

test.describe('member pages', () => {
  let member: Member;
  test.beforeAll(async ({ request }) => {
    member = await createMember(request);
    const product = await someProduct(request);
    const material = product.materials.find((m) => m.price !== null);
    await call(
      request,
      'put',
      '/client/v1/cart',
      { materialId: material?.id, quantity: 1, type: 1 },
      member.session.token,
    );
  });

  test('cart and confirm', async ({ page, request }) => {
    await signIn(page, member.session, '/cart');
    await expectAccessible(page, '/cart', async (p) => {
      await heading(p);
      await expect(p.getByRole('checkbox').first()).toBeVisible();
    });
    const lines = await call<Array<{ id: number }>>(
      request,
      'get',
      '/client/v1/cart',
      undefined,
      member.session.token,
    );
    await page.evaluate(
      `localStorage.setItem('selectCartId', ${JSON.stringify(JSON.stringify(lines.map((l) => l.id)))})`,
    );
    await expectAccessible(page, '/confirm', async (p) => {
      await heading(p);
      await expect(p.getByText('支付方式').first()).toBeVisible();
    });
  });

  test('order detail and account pages', async ({ page, request }) => {
    // Twenty-two audits (the order and ten account pages, each at two widths) in one journey.
    test.setTimeout(210_000);
    const token = await loginAsDemo(page, request);
    const orders = await apiData<Paged<{ id: number; number: string; status: number }>>(
      request,
      'get',
      '/client/v1/user/orders?page=1&size=20',
      undefined,
      token,
    );
    const shipped = orders.records.find((o) => o.status === 3) ?? orders.records[0];
    if (!shipped) throw new Error('the demo member has no orders');
    await expectAccessible(page, `/order/${shipped.id}`, async (p) => {
      await heading(p);
      await expect(p.getByText(shipped.number).first()).toBeVisible();
    });
    for (const key of ['1-1', '1-2', '1-3', '1-4', '2-1', '2-3', '3-1']) {
      await expectAccessible(page, `/userinfo/${key}`, heading);
    }
    await expectAccessible(page, '/userinfo/1-5', async (p) => {
      await heading(p);
      await expect(p.getByTestId('qualification-form')).toBeVisible();
    });
    await expectAccessible(page, '/userinfo/2-4', async (p) => {
      await heading(p);
      await expect(p.getByTestId('quote-list').or(p.getByText('暂无报价单'))).toBeVisible();
    });
    await expectAccessible(page, '/userinfo/4-1', async (p) => {
      await heading(p);
      await expect(p.getByRole('heading', { name: '消息', exact: true })).toBeVisible();
      await expect(p.getByText('邮件通知设置')).toBeVisible();
    });
  });
});
