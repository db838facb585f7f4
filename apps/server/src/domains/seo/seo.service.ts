import { formatPrice, LITERATURE_ENABLE_LABEL, SHOP_NAME, stockLabel, UI } from '@labshop/shared';
import { productSearchBody, type ProductCard, type ProductDetail } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import * as catalogue from '../catalogue/index.ts';
import * as content from '../content/index.ts';
import * as repo from './seo.repository.ts';
import { clip, el, escapeHtml, htmlToParagraphs, link, type SeoPage } from './seo.html.ts';

const SHOP_TAGLINE = '标准品 试剂 耗材 仪器';
const SHOP_DESCRIPTION = '实验室标准品、试剂、生物耗材与仪器一站式采购商城';
const titled = (title: string) => `${title} - ${SHOP_NAME}`;

/** Sitemap files hold at most this many addresses (the sitemaps protocol's limit). */
const SITEMAP_MAX_URLS = 50_000;

/** Pages the sitemap always lists besides products and content. */
const STATIC_PATHS = ['/', '/products', '/literature', '/about', '/certificate', '/customizing'];

/** A missing record answers the shell with status 404; anything else is a real failure. */
async function orMissing<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (err) {
    if (err instanceof AppError && err.httpStatus === 404) return null;
    throw err;
  }
}

export const notFoundPage = (canonicalPath: string, text: string): SeoPage => ({
  title: titled(text),
  description: SHOP_DESCRIPTION,
  canonicalPath,
  content: el('h1', text),
  status: 404,
});

export const NO_PRODUCT = '商品不存在或已下架';

const productPath = (id: number) => `/products/${id}`;
const searchPath = (key: string) => `/search?name=${encodeURIComponent(key)}`;

const stockTotal = (m: ProductCard['materials'][number]) =>
  m.stocks.reduce((sum, s) => sum + s.materialCount, 0);

/** Pack table with market prices only: visitors never see member prices. */
function packTable(product: ProductCard, page: 'search' | 'product'): string {
  if (product.materials.length === 0) return '';
  const rows = product.materials
    .map(
      (m) =>
        `<tr>${el('td', m.pack)}${el('td', formatPrice(m.price))}${el('td', stockLabel(stockTotal(m), page))}</tr>`,
    )
    .join('');
  return `<table><thead><tr><th>规格</th><th>市场价</th><th>库存</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function facts(pairs: Array<[string, string]>): string {
  const items = pairs
    .filter(([, value]) => value.trim() !== '')
    .map(([label, value]) => `<div>${el('dt', label)}${el('dd', value)}</div>`)
    .join('');
  return items ? `<dl>${items}</dl>` : '';
}

function productCardHtml(p: ProductCard): string {
  return `<li><article>${`<h2>${link(productPath(p.id), p.name)}</h2>`}${p.nameEn ? el('p', p.nameEn) : ''}${facts(
    [
      ['别名', p.alias],
      ['品牌', p.brandName],
      ['CAS号', p.cas],
      ['货号', p.number],
      ['分子式', p.molecularFormula],
      ['分子量', p.molecularWeight],
      ['储存温度', p.temperature],
    ],
  )}${packTable(p, 'search')}</article></li>`;
}

const cardList = (cards: ProductCard[]) =>
  cards.length ? `<ul>${cards.map(productCardHtml).join('')}</ul>` : el('p', '暂无数据');

const absolute = (origin: string, src: string) =>
  /^https?:\/\//.test(src) ? src : `${origin}${src.startsWith('/') ? '' : '/'}${src}`;

/** schema.org Product: names, identifiers, brand and one offer per priced pack. */
function productJsonLd(p: ProductDetail, origin: string): Record<string, unknown> {
  const images = (p.images.length ? p.images : p.image ? [p.image] : []).map((src) =>
    absolute(origin, src),
  );
  const identifiers = [
    p.cas && { '@type': 'PropertyValue', propertyID: 'CAS', value: p.cas },
    p.mdl && { '@type': 'PropertyValue', propertyID: 'MDL', value: p.mdl },
  ].filter(Boolean);
  const offers = p.materials
    .filter((m) => m.price !== null)
    .map((m) => ({
      '@type': 'Offer',
      name: m.pack,
      sku: `${p.number}-${m.id}`,
      price: (m.price ?? 0).toFixed(2),
      priceCurrency: 'CNY',
      availability:
        stockTotal(m) > 0 ? 'https://schema.org/InStock' : 'https://schema.org/BackOrder',
      url: `${origin}${productPath(p.id)}`,
    }));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    ...(p.nameEn || p.alias ? { alternateName: [p.nameEn, p.alias].filter(Boolean) } : {}),
    description: p.summary || p.introduction || p.name,
    sku: p.number,
    mpn: p.number,
    ...(p.cas ? { productID: `CAS:${p.cas}` } : {}),
    ...(identifiers.length ? { identifier: identifiers } : {}),
    ...(p.brandName ? { brand: { '@type': 'Brand', name: p.brandName } } : {}),
    ...(p.categoryTitle ? { category: p.categoryTitle } : {}),
    ...(images.length ? { image: images } : {}),
    ...(offers.length ? { offers } : {}),
    url: `${origin}${productPath(p.id)}`,
  };
}

export async function productPage(db: Db, id: number, origin: string): Promise<SeoPage> {
  const p = await orMissing(catalogue.productDetail(db, id, null));
  if (!p) return notFoundPage(productPath(id), NO_PRODUCT);
  const breadcrumb = [
    link('/', '首页'),
    p.categoryTitle ? link(searchPath(p.categoryTitle), p.categoryTitle) : '',
    escapeHtml(p.name),
  ]
    .filter(Boolean)
    .join(' &gt; ');
  const related = p.relationItems.length
    ? `<section>${el('h2', '相关产品')}<ul>${p.relationItems
        .map(
          (r) =>
            `<li>${link(productPath(r.id), r.name)}${r.cas ? ` ${escapeHtml(r.cas)}` : ''}</li>`,
        )
        .join('')}</ul></section>`
    : '';
  const content = [
    `<nav aria-label="面包屑">${breadcrumb}</nav>`,
    el('h1', p.name),
    p.nameEn ? el('p', p.nameEn) : '',
    facts([
      ['别名', p.alias],
      ['化学名', p.synonyms],
      ['CAS号', p.cas],
      ['货号', p.number],
      ['品牌', p.brandName],
      ['分子式', p.molecularFormula],
      ['分子量', p.molecularWeight],
      ['储存温度', p.temperature],
      ['纯度', p.purity],
      ['MDL', p.mdl],
      ['执行标准', p.nationalStandard],
    ]),
    p.introduction ? el('p', p.introduction) : '',
    `<section>${el('h2', '规格与价格')}${packTable(p, 'product')}${p.control ? el('p', `管控条件：${p.control}`) : ''}</section>`,
    related,
  ].join('');
  const description = clip(
    p.summary ||
      [p.name, p.nameEn, p.cas && `CAS ${p.cas}`, p.brandName, p.number].filter(Boolean).join('，'),
  );
  return {
    title: titled(p.name),
    description,
    canonicalPath: productPath(p.id),
    content,
    jsonLd: productJsonLd(p, origin),
  };
}

/** The part of the search page's answer the page's text is made of. */
export interface FoundProducts {
  total: number;
  records: ProductCard[];
}

/**
 * The search page's text, from the answer of the page's own search call (the one its first view
 * makes, so a page runs its search once); bad terms, or a search that failed, show no list.
 */
export async function searchPage(
  rawKey: string,
  result: FoundProducts | undefined,
): Promise<SeoPage> {
  const parsed = productSearchBody.safeParse({ key: rawKey, page: 1, size: UI.searchPageSize });
  if (!parsed.success || !result) {
    return {
      title: titled('搜索'),
      description: SHOP_DESCRIPTION,
      canonicalPath: '/search',
      content: el('h1', '搜索'),
    };
  }
  const key = parsed.data.key;
  return {
    title: titled(`${key} 搜索结果`),
    description: clip(
      `${key}：共 ${result.total} 种相关产品，${result.records
        .slice(0, 5)
        .map((r) => r.name)
        .join('、')}`,
    ),
    canonicalPath: searchPath(key),
    content: `${el('h1', `${key} 搜索结果`)}${el('p', `共 ${result.total} 条`)}${cardList(result.records)}`,
  };
}

export async function productsPage(db: Db, tag: 'hot' | 'new'): Promise<SeoPage> {
  const title = tag === 'new' ? '最新商品' : '热门商品';
  const page = await catalogue.taggedProducts(
    db,
    { tag, page: 1, size: UI.productsPageSize },
    false,
  );
  return {
    title: titled(title),
    description: clip(`${title}：${page.records.map((r) => r.name).join('、')}`),
    canonicalPath: tag === 'new' ? '/products?tag=new' : '/products',
    content: `${el('h1', title)}${cardList(page.records)}`,
  };
}

export async function homePage(db: Db): Promise<SeoPage> {
  const [categories, hot, fresh, company] = await Promise.all([
    repo.listCategoryLinks(db),
    catalogue.taggedProducts(db, { tag: 'hot', page: 1, size: UI.homeCarouselCount }, false),
    catalogue.taggedProducts(db, { tag: 'new', page: 1, size: UI.homeCarouselCount }, false),
    content.company(db),
  ]);
  const names = (cards: ProductCard[]) =>
    `<ul>${cards.map((p) => `<li>${link(productPath(p.id), p.name)}${p.cas ? ` ${escapeHtml(p.cas)}` : ''}</li>`).join('')}</ul>`;
  const nav = categories
    .filter((c) => c.url.startsWith('/'))
    .map((c) => `<li>${link(c.url, c.title)}</li>`)
    .join('');
  return {
    title: `${SHOP_NAME} - ${SHOP_TAGLINE}`,
    description: SHOP_DESCRIPTION,
    canonicalPath: '/',
    content: [
      el('h1', `${SHOP_NAME} - ${SHOP_TAGLINE}`),
      el('p', SHOP_DESCRIPTION),
      nav ? `<nav aria-label="商品分类"><ul>${nav}</ul></nav>` : '',
      `<section>${el('h2', '新品推荐')}${names(fresh.records)}</section>`,
      `<section>${el('h2', '热门商品')}${names(hot.records)}</section>`,
      company.name
        ? `<footer>${el('p', [company.name, company.tel, company.email, company.address].filter(Boolean).join(' · '))}</footer>`
        : '',
    ].join(''),
  };
}

export async function literatureListPage(db: Db): Promise<SeoPage> {
  const list = await content.listContents(db, {
    model: 'literature',
    page: 1,
    size: UI.literaturePageSize,
  });
  const items = list.records
    .map((r) => {
      const standard = r.attributes.standard_number ?? '';
      return `<li>${link(`/literature/${r.id}`, r.title)}${standard ? ` ${escapeHtml(standard)}` : ''}</li>`;
    })
    .join('');
  return {
    title: titled('标准文献'),
    description: clip(`标准文献：${list.records.map((r) => r.title).join('、')}`),
    canonicalPath: '/literature',
    content: `${el('h1', '标准文献')}${items ? `<ul>${items}</ul>` : el('p', '暂无数据')}`,
  };
}

/** Literature (/literature/{id}) and articles (/article/{slug or id}) share one shape. */
export async function contentPage(
  db: Db,
  kind: 'literature' | 'article',
  idOrSlug: string,
): Promise<SeoPage> {
  const path = `/${kind}/${encodeURIComponent(idOrSlug)}`;
  const valid = /^(?:\d{1,10}|[A-Za-z][A-Za-z0-9_-]{0,63})$/.test(idOrSlug);
  const item = valid ? await orMissing(content.contentDetail(db, idOrSlug)) : null;
  if (!item || (kind === 'literature' && item.model !== 'literature')) {
    return notFoundPage(path, kind === 'literature' ? '文献不存在' : '内容不存在');
  }
  const paragraphs = htmlToParagraphs(item.info);
  const facts_ =
    kind === 'literature'
      ? facts([
          ['标准编号', item.attributes.standard_number ?? ''],
          ['发布单位', item.attributes.promulgate ?? ''],
          ['发布日期', item.attributes.publish_date ?? ''],
          ['状态', LITERATURE_ENABLE_LABEL[item.attributes.enable ?? ''] ?? ''],
        ])
      : '';
  const canonicalPath = `/${kind}/${encodeURIComponent(item.slug && kind === 'article' ? item.slug : String(item.id))}`;
  return {
    title: titled(item.title),
    description: clip(item.summary || paragraphs.join(' ') || item.title),
    canonicalPath,
    content: `<article>${el('h1', item.title)}${facts_}${paragraphs.map((p) => el('p', p)).join('')}</article>`,
  };
}

/** Every address the sitemap lists, as [path, last modified ms | null]. */
type SitemapEntry = [path: string, lastModified: number | null];

async function fixedEntries(db: Db): Promise<SitemapEntry[]> {
  const [categories, contents] = await Promise.all([
    repo.listCategoryLinks(db),
    repo.listSitemapContents(db),
  ]);
  const seen = new Set(STATIC_PATHS);
  const entries: SitemapEntry[] = STATIC_PATHS.map((p) => [p, null]);
  for (const c of categories) {
    if (!c.url.startsWith('/') || c.url.startsWith('//')) continue;
    const path = c.url.startsWith('/search?name=')
      ? searchPath(decodeURIComponent(c.url.slice('/search?name='.length)))
      : c.url;
    if (seen.has(path)) continue;
    seen.add(path);
    entries.push([path, null]);
  }
  for (const c of contents) {
    const key = c.model === 'article' && c.slug ? c.slug : String(c.id);
    entries.push([`/${c.model}/${encodeURIComponent(key)}`, c.updatedAt]);
  }
  return entries;
}

const urlXml = (origin: string, [path, lastModified]: SitemapEntry) =>
  `<url><loc>${escapeHtml(`${origin}${path}`)}</loc>${
    lastModified ? `<lastmod>${new Date(lastModified).toISOString().slice(0, 10)}</lastmod>` : ''
  }</url>`;

const urlset = (origin: string, entries: SitemapEntry[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries
    .map((e) => urlXml(origin, e))
    .join('\n')}\n</urlset>\n`;

/** Addresses [offset, offset + limit) of the whole list: fixed pages first, then products by id. */
async function entriesSlice(db: Db, fixed: SitemapEntry[], offset: number, limit: number) {
  const head = fixed.slice(offset, offset + limit);
  const productOffset = Math.max(0, offset - fixed.length);
  const productLimit = limit - head.length;
  if (productLimit <= 0) return head;
  const products = await repo.pageSitemapProducts(db, productOffset, productLimit);
  return [...head, ...products.map((p): SitemapEntry => [productPath(p.id), p.updatedAt])];
}

/**
 * /sitemap.xml: one urlset while everything fits in one file, otherwise a sitemap index of
 * /sitemaps/{n}.xml files of `perFile` addresses each.
 */
export async function sitemap(db: Db, origin: string, perFile = SITEMAP_MAX_URLS): Promise<string> {
  const [fixed, counts] = await Promise.all([fixedEntries(db), repo.countSitemapRows(db)]);
  const total = fixed.length + counts.products;
  if (total <= perFile) return urlset(origin, await entriesSlice(db, fixed, 0, perFile));
  const files = Math.ceil(total / perFile);
  const items = Array.from(
    { length: files },
    (_, i) => `<sitemap><loc>${escapeHtml(`${origin}/sitemaps/${i + 1}.xml`)}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** One file of a split sitemap (1-based); null past the last one. */
export async function sitemapFile(
  db: Db,
  origin: string,
  n: number,
  perFile = SITEMAP_MAX_URLS,
): Promise<string | null> {
  const fixed = await fixedEntries(db);
  const entries = await entriesSlice(db, fixed, (n - 1) * perFile, perFile);
  return entries.length ? urlset(origin, entries) : null;
}

export function robots(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /client/',
    'Disallow: /yifanglab-client/',
    'Disallow: /manage/',
    'Disallow: /console/',
    'Disallow: /userinfo/',
    'Disallow: /cart',
    'Disallow: /confirm',
    'Disallow: /order/',
    'Disallow: /customizing/',
    'Disallow: /login',
    'Disallow: /survey',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
