import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import {
  insertBrand,
  insertCategory,
  insertContent,
  insertProduct,
  insertStore,
  putSetting,
} from '../../../test/fixtures/catalogue.ts';
import { PRELOADED_ANSWERS_ID, preloadKey, SERVER_QUERIES_ID, UI } from '@labshop/shared';
import { buildApp, type App } from '../../app.ts';
import { indexProducts } from '../search/index.ts';
import * as service from './seo.service.ts';
import { renderPage } from './seo.render.ts';
import { bumpCatalogueVersion } from '../../lib/catalogue-version.ts';

/** The storefront's render of a page, from its source (the build makes dist/.ssr of it). */
const WEB_ENTRY = path.resolve(import.meta.dirname, '../../../../web/src/entry-server.tsx');

/** The shape of the built index.html (Vite keeps the head and the empty root). */
const SHELL = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="实验室标准品、试剂、生物耗材与仪器一站式采购商城" />
    <title>一方标准品商城 - 标准品 试剂 耗材 仪器</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** The part of Vite's build manifest the server reads: the shell's and a route's files. */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-abc.js',
    isEntry: true,
    imports: ['_api-client-1.js'],
    css: ['assets/index-abc.css'],
  },
  '_api-client-1.js': { file: 'assets/api-client-1.js' },
  '_price-2.js': { file: 'assets/price-2.js', imports: ['_api-client-1.js'] },
  'src/app/routes/product-detail.tsx': {
    file: 'assets/product-detail-3.js',
    isDynamicEntry: true,
    imports: ['index.html', '_price-2.js', '_api-client-1.js'],
  },
};

let ctx: TestContext;
let webDir: string;
let benzoic: number;
let hidden: number;
let literatureId: number;
/** The same shop with the storefront's render of each page's first view. */
let rendered: App;
/** The same shop with a render that always fails. */
let failing: App;
/** The same shop with the render and the catalogue cache. */
let cached: App;

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { host: 'shop.test' } });
const noscript = (html: string) => /<noscript>([\s\S]*)<\/noscript>/.exec(html)?.[1] ?? '';
const jsonLd = (html: string) => {
  const raw = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
};

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labshop-seo-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), SHELL);
  fs.mkdirSync(path.join(webDir, '.vite'));
  fs.writeFileSync(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  ctx = await createTestContext({ WEB_DIR: webDir });
  const db = ctx.db;
  const brand = await insertBrand(db, { name: '一方标准' });
  const store = await insertStore(db);
  const category = await insertCategory(db, {
    title: '食品检测标准品',
    url: '/search?name=食品检测标准品',
    model: 'product',
  });
  benzoic = (
    await insertProduct(db, {
      name: '苯甲酸',
      nameEn: 'Benzoic acid',
      alias: '安息香酸',
      cas: '65-85-0',
      number: 'YF11001',
      molecularFormula: 'C7H6O2',
      molecularWeight: '122.12',
      summary: '苯甲酸标准品，纯度 99.5%',
      brandId: brand,
      categoryId: category,
      image: '/files/products/benzoic-1.png',
      images: JSON.stringify(['/files/products/benzoic-1.png', '/files/products/benzoic-2.png']),
      isHot: 1,
      isNew: 1,
      materials: [
        { pack: '100mg', price: 12_345, userPrice: 9_876, stocks: { [store]: 12 } },
        { pack: '1g', price: null, userPrice: null },
      ],
    })
  ).id;
  hidden = (
    await insertProduct(db, {
      name: '<script>alert(1)</script>山梨酸',
      number: 'YF11002',
      isHot: 1,
      materials: [{ pack: '"1mL"', price: 5_000, userPrice: 4_321 }],
    })
  ).id;
  await indexProducts(db, [benzoic, hidden]);
  literatureId = await insertContent(db, {
    model: 'literature',
    title: 'GB 5009.28-2016 食品中苯甲酸的测定',
    summary: '食品安全国家标准',
    info: '<p>本标准规定了<b>苯甲酸</b>的测定方法。</p><script>steal()</script><p>a &lt; b</p>',
    attributes: { standard_number: 'GB 5009.28-2016', enable: '1' },
  });
  await insertContent(db, {
    model: 'article',
    slug: 'productorder',
    title: '产品订购',
    info: '<h2>下单</h2><p>在线下单与支付说明。</p>',
  });
  await putSetting(db, 'company', { name: '一方科技', tel: '400-185-8866' });
  rendered = await buildApp({ config: { ...ctx.config, ssrEntry: WEB_ENTRY }, db });
  const broken = path.join(webDir, 'broken-entry.mjs');
  fs.writeFileSync(broken, 'export async function render() { throw new Error("broken"); }\n');
  failing = await buildApp({ config: { ...ctx.config, ssrEntry: broken }, db });
  cached = await buildApp({
    config: { ...ctx.config, ssrEntry: WEB_ENTRY, catalogueCache: true },
    db,
  });
  await Promise.all([rendered.ready(), failing.ready(), cached.ready()]);
});
afterAll(async () => {
  await Promise.all([rendered.close(), failing.close(), cached.close()]);
  await ctx.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('pages for crawlers', () => {
  it('a product page carries its names, CAS, formula and market prices, never member prices', async () => {
    const res = await get(`/products/${benzoic}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<title>苯甲酸 - 一方标准品商城</title>');
    expect(html).toContain('<meta name="description" content="苯甲酸标准品，纯度 99.5%" />');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain(`<link rel="canonical" href="http://shop.test/products/${benzoic}" />`);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    const main = noscript(html);
    for (const text of ['<h1>苯甲酸</h1>', 'Benzoic acid', '安息香酸', '65-85-0', 'YF11001']) {
      expect(main).toContain(text);
    }
    expect(main).toContain('C7H6O2');
    expect(main).toContain('￥123.45');
    expect(main).toContain('询价');
    expect(main).not.toContain('98.76');
    expect(html).not.toContain('98.76');
  });

  it('a product carries schema.org Product data with offers, brand and identifiers', async () => {
    const data = jsonLd((await get(`/products/${benzoic}`)).body);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: '苯甲酸',
      sku: 'YF11001',
      productID: 'CAS:65-85-0',
      brand: { '@type': 'Brand', name: '一方标准' },
      identifier: [{ '@type': 'PropertyValue', propertyID: 'CAS', value: '65-85-0' }],
      offers: [
        {
          '@type': 'Offer',
          name: '100mg',
          price: '123.45',
          priceCurrency: 'CNY',
          availability: 'https://schema.org/InStock',
        },
      ],
    });
    expect(JSON.stringify(data)).not.toContain('98.76');
  });

  it('escapes what the catalogue holds, in the page and in the structured data', async () => {
    const html = (await get(`/products/${hidden}`)).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;山梨酸');
    expect(html).toContain('\\u003cscript\\u003ealert(1)\\u003c/script\\u003e山梨酸');
    expect(noscript(html)).toContain('&quot;1mL&quot;');
    expect(html).not.toContain('43.21');
  });

  it('an unknown or malformed product answers 404 with the shell and noindex', async () => {
    for (const url of ['/products/999999', '/products/abc', '/products/1%3Cx']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
      expect(res.body, url).not.toContain('<x');
    }
  });

  it('a search page lists its first page of results with market prices', async () => {
    const res = await get(`/search?name=${encodeURIComponent('苯甲酸')}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>苯甲酸 搜索结果 - 一方标准品商城</title>');
    expect(res.body).toContain(
      `<link rel="canonical" href="http://shop.test/search?name=${encodeURIComponent('苯甲酸')}" />`,
    );
    const main = noscript(res.body);
    expect(main).toContain(`<a href="/products/${benzoic}">苯甲酸</a>`);
    expect(main).toContain('65-85-0');
    expect(main).toContain('￥123.45');
    expect(main).not.toContain('98.76');
  });

  it('a search page with a bad or empty term still answers the shell', async () => {
    for (const url of [
      '/search',
      '/search?name=',
      `/search?name=${'x'.repeat(500)}`,
      '/search?name=a&name=b',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>搜索 - 一方标准品商城</title>');
    }
  });

  it('the home page lists categories, new and hot products and the company', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>一方标准品商城 - 标准品 试剂 耗材 仪器</title>');
    expect(res.body).toContain('<link rel="canonical" href="http://shop.test/" />');
    const main = noscript(res.body);
    expect(main).toContain('食品检测标准品');
    expect(main).toContain(`<a href="/products/${benzoic}">苯甲酸</a>`);
    expect(main).toContain('一方科技');
  });

  it('the product list (a category list) carries its products', async () => {
    const res = await get('/products?tag=new');
    expect(res.body).toContain('<title>最新商品 - 一方标准品商城</title>');
    expect(noscript(res.body)).toContain('苯甲酸');
    const hot = await get('/products');
    expect(noscript(hot.body)).toContain('山梨酸');
  });

  it('literature pages carry the text as plain paragraphs, never the stored markup', async () => {
    const list = await get('/literature');
    expect(noscript(list.body)).toContain(`<a href="/literature/${literatureId}">`);
    const res = await get(`/literature/${literatureId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<title>GB 5009.28-2016 食品中苯甲酸的测定 - 一方标准品商城</title>',
    );
    const main = noscript(res.body);
    expect(main).toContain('<p>本标准规定了 苯甲酸 的测定方法。</p>');
    expect(main).toContain('<p>a &lt; b</p>');
    expect(main).not.toContain('steal');
    expect(main).not.toContain('<b>');
  });

  it('article pages answer by slug; an unknown one is a 404', async () => {
    const res = await get('/article/productorder');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>产品订购 - 一方标准品商城</title>');
    expect(res.body).toContain(
      '<link rel="canonical" href="http://shop.test/article/productorder" />',
    );
    expect(noscript(res.body)).toContain('<p>在线下单与支付说明。</p>');
    expect((await get('/article/nothing-here')).statusCode).toBe(404);
    expect((await get(`/literature/999999`)).statusCode).toBe(404);
  });

  it('other client routes keep the plain shell', async () => {
    const res = await get('/userinfo/1-1');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SHELL);
  });
});

/** The answers a page carries for its first view, by call. */
const answersOf = (html: string): Record<string, unknown> | null => {
  const re = new RegExp(
    `<script type="application/json" id="${PRELOADED_ANSWERS_ID}">([\\s\\S]*?)</script>`,
  );
  const raw = re.exec(html)?.[1];
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
};
const apiAnswer = async (method: 'GET' | 'POST', url: string, payload?: object) =>
  (await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) })).json<unknown>();

describe('first view of a page', () => {
  it("a product page preloads its route's own code, once, and its first picture", async () => {
    const html = (await get(`/products/${benzoic}`)).body;
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/product-detail-3.js" />',
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/price-2.js" />');
    // The shell loads its own files already.
    expect(html).not.toContain('href="/assets/api-client-1.js"');
    expect(html).not.toContain('href="/assets/index-abc.css"');
    expect(html).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/files/products/benzoic-1.png" />',
    );
    expect(html).not.toContain('href="/files/products/benzoic-2.png"');
  });

  it('a product page carries the anonymous answers of its first calls, as the API gives them', async () => {
    const answers = answersOf((await get(`/products/${benzoic}`)).body);
    expect(answers).not.toBeNull();
    const detail = `/client/v1/products/${benzoic}`;
    expect(answers![preloadKey('GET', detail)]).toEqual(await apiAnswer('GET', detail));
    const categories = '/client/v1/categories/children?pid=0';
    expect(answers![preloadKey('GET', categories)]).toEqual(await apiAnswer('GET', categories));
    expect(answers![preloadKey('GET', '/client/v1/system/company')]).toMatchObject({
      code: 0,
      data: { name: '一方科技' },
    });
    // Visitors' answers: market prices only.
    expect(JSON.stringify(answers)).not.toContain('9876');
  });

  it('a search page carries the answer of its one search call (results with facets), named by its body', async () => {
    const answers = answersOf((await get('/search?name=%E8%8B%AF%E7%94%B2%E9%85%B8')).body);
    const body = { key: '苯甲酸', brandId: null, page: 1, size: UI.searchPageSize, facets: true };
    const answer = answers![preloadKey('POST', '/client/v1/products', body)];
    expect(answer).toEqual(await apiAnswer('POST', '/client/v1/products', body));
    expect(JSON.stringify(answer)).toContain('苯甲酸');
  });

  it("the product list carries its first page's answer and preloads the first card's picture", async () => {
    for (const tag of ['hot', 'new'] as const) {
      const html = (await get(tag === 'hot' ? '/products' : '/products?tag=new')).body;
      const body = { tag, page: 1, size: UI.productsPageSize };
      const api = (await apiAnswer('POST', '/client/v1/products/part', body)) as {
        data: { records: Array<{ image: string }> };
      };
      expect(answersOf(html)![preloadKey('POST', '/client/v1/products/part', body)]).toEqual(api);
      // A card without a picture shows a placeholder: the first picture is the first that has one.
      const first = api.data.records.find((r) => r.image)!.image;
      expect(html).toContain(
        `<link rel="preload" as="image" fetchpriority="high" href="${first}" />`,
      );
    }
  });

  it('page text from the catalogue cannot end the answers element early', async () => {
    const html = (await get('/')).body;
    const raw = html.slice(html.indexOf(`id="${PRELOADED_ANSWERS_ID}">`));
    const inner = raw.slice(raw.indexOf('>') + 1, raw.indexOf('</script>'));
    expect(inner).not.toMatch(/[<>]/);
    const answers = answersOf(html)!;
    const hot = { tag: 'hot', page: 1, size: UI.homeCarouselCount };
    expect(answers[preloadKey('POST', '/client/v1/products/part', hot)]).toEqual(
      await apiAnswer('POST', '/client/v1/products/part', hot),
    );
  });

  it('a page that is not there carries no answers', async () => {
    const html = (await get('/products/99999999')).body;
    expect(answersOf(html)).toBeNull();
    expect(html).not.toContain('rel="preload" as="image"');
  });
});

/** The markup inside `#root` (up to the answers that follow it). */
const rootOf = (html: string) =>
  html.split('<div id="root">')[1]?.split(/<script type="application\/json"|<\/body>/)[0] ?? '';
const getFrom = (app: App, url: string) =>
  app.inject({ method: 'GET', url, headers: { host: 'shop.test' } });

describe('first view rendered by the storefront (docs/web.md)', () => {
  it("a product page is the app's own markup: names, CAS, formula, packs with market prices, no member price", async () => {
    const res = await getFrom(rendered, `/products/${benzoic}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['server-timing']).toMatch(/^render;dur=\d+(\.\d+)?$/);
    const html = res.body;
    const root = rootOf(html);
    for (const text of ['苯甲酸', 'Benzoic acid', '安息香酸', '65-85-0', 'YF11001', 'C7H6O2']) {
      expect(root).toContain(text);
    }
    expect(root).toContain('100mg');
    expect(root).toContain('123.45');
    expect(root).not.toContain('98.76');
    expect(html).not.toContain('98.76');
    expect(html).not.toContain('<noscript>');
    // What crawlers read besides: title, description, canonical, structured data.
    expect(html).toContain('<title>苯甲酸 - 一方标准品商城</title>');
    expect(html).toContain(`<link rel="canonical" href="http://shop.test/products/${benzoic}" />`);
    expect(jsonLd(html)).toMatchObject({ '@type': 'Product', name: '苯甲酸' });
  });

  it("the app's code is fetched after the first paint, by the start script", async () => {
    const html = (await getFrom(rendered, `/products/${benzoic}`)).body;
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    const start =
      /<script defer src="\/start.js" data-entry="([^"]+)" data-modules="([^"]*)"><\/script>/.exec(
        html,
      );
    expect(start?.[1]).toBe('/assets/index-abc.js');
    expect(start?.[2]?.split(' ')).toEqual(['/assets/product-detail-3.js', '/assets/price-2.js']);
    // The picture is still fetched at once.
    expect(html).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/files/products/benzoic-1.png" />',
    );
  });

  it('the page carries the query cache it was rendered with, and no second copy of those answers', async () => {
    const html = (await getFrom(rendered, `/products/${benzoic}`)).body;
    const raw = html.slice(html.indexOf(`id="${SERVER_QUERIES_ID}">`));
    const state = JSON.parse(raw.slice(raw.indexOf('>') + 1, raw.indexOf('</script>'))) as {
      queries: Array<{ state: { status: string } }>;
    };
    expect(state.queries.length).toBeGreaterThan(0);
    expect(state.queries.every((q) => q.state.status === 'success')).toBe(true);
    const left = answersOf(html) ?? {};
    expect(left[preloadKey('GET', `/client/v1/products/${benzoic}`)]).toBeUndefined();
  });

  it('a search page renders its results with market prices; home its products and company', async () => {
    const search = rootOf(
      (await getFrom(rendered, `/search?name=${encodeURIComponent('苯甲酸')}`)).body,
    );
    expect(search).toContain(`href="/products/${benzoic}"`);
    expect(search).toContain('65-85-0');
    expect(search).toContain('123.45');
    expect(search).not.toContain('98.76');
    const home = rootOf((await getFrom(rendered, '/')).body);
    expect(home).toContain('苯甲酸');
    expect(home).toContain('一方科技');
  });

  it('escapes what the catalogue holds in the markup', async () => {
    const html = (await getFrom(rendered, `/products/${hidden}`)).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(rootOf(html)).toContain('&lt;script&gt;alert(1)&lt;/script&gt;山梨酸');
    expect(html).not.toContain('43.21');
  });

  it('a page that is not there keeps the empty root', async () => {
    const res = await getFrom(rendered, '/products/99999999');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it("a failing render sends the bare shell with the crawlers' copy, never an error", async () => {
    const res = await getFrom(failing, `/products/${benzoic}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(noscript(res.body)).toContain('<h1>苯甲酸</h1>');
    expect(answersOf(res.body)![preloadKey('GET', `/client/v1/products/${benzoic}`)]).toBeDefined();
    expect(res.body).not.toContain(SERVER_QUERIES_ID);
    expect(res.headers['server-timing']).toBeUndefined();
  });

  it('with the catalogue cache a page is rendered once per catalogue version', async () => {
    const url = `/products/${benzoic}`;
    const first = await getFrom(cached, url);
    expect(first.headers['server-timing']).toMatch(/^render;/);
    const again = await getFrom(cached, url);
    expect(again.headers['server-timing']).toBeUndefined();
    expect(again.body).toBe(first.body);
    await bumpCatalogueVersion(ctx.db);
    expect((await getFrom(cached, url)).headers['server-timing']).toMatch(/^render;/);
  });

  it('renderPage answers null and logs when the render throws', async () => {
    const errors: unknown[] = [];
    const log = { error: (...args: unknown[]) => errors.push(args) } as never;
    const out = await renderPage(() => Promise.reject(new Error('boom')), '/products/1', {}, log);
    expect(out).toBeNull();
    expect(errors).toHaveLength(1);
    expect(await renderPage(null, '/', {}, log)).toBeNull();
    const ok = await renderPage(
      async () => ({ html: '<p>x</p>', queries: '', used: [] }),
      '/',
      {},
      log,
    );
    expect(ok?.page.html).toBe('<p>x</p>');
    expect(ok?.ms).toBeGreaterThanOrEqual(0);
  });
});

describe('sitemap and robots', () => {
  it('robots.txt allows the shop, keeps crawlers off member pages and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toContain('Disallow: /userinfo/');
    expect(res.body).toContain('Sitemap: http://shop.test/sitemap.xml');
  });

  it('sitemap.xml lists products, literature, articles and the category lists', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const loc of [
      'http://shop.test/',
      `http://shop.test/products/${benzoic}`,
      `http://shop.test/products/${hidden}`,
      `http://shop.test/literature/${literatureId}`,
      'http://shop.test/article/productorder',
      `http://shop.test/search?name=${encodeURIComponent('食品检测标准品')}`,
    ]) {
      expect(res.body).toContain(`<loc>${loc}</loc>`);
    }
  });

  it('past the per-file limit the sitemap becomes an index of files that together list everything', async () => {
    const whole = await service.sitemap(ctx.db, 'https://x.test');
    const all = [...whole.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
    const perFile = 4;
    const index = await service.sitemap(ctx.db, 'https://x.test', perFile);
    expect(index).toContain('<sitemapindex');
    const files = [...index.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
    expect(files).toHaveLength(Math.ceil(all.length / perFile));
    const listed: string[] = [];
    for (let n = 1; n <= files.length; n++) {
      expect(files[n - 1]).toBe(`https://x.test/sitemaps/${n}.xml`);
      const xml = await service.sitemapFile(ctx.db, 'https://x.test', n, perFile);
      listed.push(...[...(xml ?? '').matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1] ?? ''));
    }
    expect(listed).toEqual(all);
    expect(
      await service.sitemapFile(ctx.db, 'https://x.test', files.length + 1, perFile),
    ).toBeNull();
  });

  it('serves the split files and answers 404 past the last or for a bad name', async () => {
    expect((await get('/sitemaps/1.xml')).statusCode).toBe(200);
    expect((await get('/sitemaps/99.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/x.xml')).statusCode).toBe(404);
  });
});
