import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '@labshop/shared';
import { catalogueDayVersion } from '../../lib/catalogue-version.ts';
import { keptPerVersion } from '../../lib/kept-per-version.ts';
import { renderShell, type SeoPage, type ShellExtras } from './seo.html.ts';
import {
  answersHtml,
  firstAnswers,
  homeCalls,
  imagePreload,
  LAYOUT_CALLS,
  productCalls,
  productListCalls,
  routeAssets,
  routeModules,
  searchCalls,
  serverQueriesHtml,
  styleLinks,
  type FirstAnswers,
  type FirstCall,
  type PageName,
} from './seo.preload.ts';
import { loadRenderer, renderPage } from './seo.render.ts';
import * as service from './seo.service.ts';

/** Page addresses are taken as typed: a malformed one still gets the shell, never a 400. */
const anyParams = z.object({ id: z.string() });
const searchQuery = z
  .object({
    name: z.unknown().optional(),
    brandId: z.unknown().optional(),
    page: z.unknown().optional(),
  })
  .passthrough();
const productsQuery = z.object({ tag: z.unknown().optional() }).passthrough();
const sitemapParams = z.object({ file: z.string() });

const productId = (raw: string): number | null => {
  const n = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return n > 0 && n <= LIMITS.idMax ? n : null;
};

/** A query value as the search page reads it: a positive whole number, else null. */
const positiveInt = (raw: unknown): number | null => {
  const n = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  return n > 0 ? n : null;
};

/** Characters of page HTML kept per process, per catalogue version; least recently used go first. */
const MAX_PAGES_CHARS = 32_000_000;
/** Longer addresses are answered but not kept. */
const MAX_PAGE_KEY_LENGTH = 1_024;

/** The picture a page shows largest in its first view, read from its answers. */
type PictureOf = (answers: ReadonlyMap<FirstCall, unknown>) => string | undefined;

/** Home: the calls of its first view, and its first banner as the picture. */
function homeView(): { calls: FirstCall[]; picture: PictureOf } {
  const calls = homeCalls();
  const [banners] = calls;
  return {
    calls,
    picture: (answers) =>
      (answers.get(banners!) as Array<{ img?: string }> | undefined)?.[0]?.img || undefined,
  };
}

/** A product: its detail call, and its first picture (as the gallery shows it). */
function productView(id: number): { calls: FirstCall[]; picture: PictureOf } {
  const calls = productCalls(id);
  const [detail] = calls;
  return {
    calls,
    picture: (answers) => {
      const p = answers.get(detail!) as { images?: string[]; image?: string | null } | undefined;
      return p?.images?.[0] || p?.image || undefined;
    },
  };
}

/** The product list: its first page, and the first card's picture that has one (above the fold). */
function productListView(tag: 'hot' | 'new'): { calls: FirstCall[]; picture: PictureOf } {
  const calls = productListCalls(tag);
  const [first] = calls;
  return {
    calls,
    picture: (answers) =>
      (
        answers.get(first!) as { records?: Array<{ image?: string | null }> } | undefined
      )?.records?.find((r) => r.image)?.image || undefined,
  };
}

/**
 * The addresses search engines crawl answer the storefront shell carrying that page's own title,
 * description, canonical URL, structured data and content; plus sitemap.xml and robots.txt.
 */
const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const originOf = (request: FastifyRequest) =>
    app.config.siteUrl || `${request.protocol}://${request.host}`;

  const assets = routeAssets(app.config.webDir);

  // The storefront's own render of a page's first view (apps/web/src/entry-server.tsx).
  const render = app.hasWebShell ? await loadRenderer(app.config.ssrEntry, app.log) : null;

  /**
   * The route's code, and for a found page its first view's answers, largest picture and the
   * app's markup of the view (the bare shell when it has none or rendering fails).
   */
  const firstView = async (
    request: FastifyRequest,
    name: PageName,
    page: SeoPage,
    view: { calls: FirstCall[]; picture?: PictureOf },
    answersOf: () => Promise<FirstAnswers>,
  ): Promise<{ extras: ShellExtras; renderMs: number | null }> => {
    const head = styleLinks(assets[name]);
    const modules = routeModules(assets[name]);
    if (page.status === 404) return { extras: { head, modules, answers: '' }, renderMs: null };
    const answers = await answersOf();
    const src = view.picture?.(answers.data);
    const links = src ? [imagePreload(src), ...head] : head;
    const rendered = await renderPage(render, request.url, answers.envelopes, request.log);
    if (!rendered) {
      return {
        extras: { head: links, modules, answers: answersHtml(answers.texts) },
        renderMs: null,
      };
    }
    const scripts = [
      answersHtml(answers.texts, rendered.page.used),
      serverQueriesHtml(rendered.page.queries),
    ];
    return {
      extras: {
        head: links,
        modules,
        root: rendered.page.html,
        answers: scripts.filter(Boolean).join('\n    '),
      },
      renderMs: rendered.ms,
    };
  };

  /**
   * Pages are the same for every visitor (anonymous answers, no member prices) and change only
   * with the catalogue: with the catalogue cache on, each address's page is kept for the current
   * catalogue version (lib/catalogue-version.ts), so a render runs once per address and version.
   */
  const keptPages = keptPerVersion<string, { status: number; body: string }>(
    'rendered pages',
    catalogueDayVersion,
    {
      maxSize: MAX_PAGES_CHARS,
      sizeCalculation: (page) => Math.max(1, page.body.length),
    },
  );

  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    name: PageName,
    /** The page's text; it may read the first view's answers instead of asking again. */
    load: (answersOf: () => Promise<FirstAnswers>) => Promise<SeoPage>,
    view: { calls: FirstCall[]; picture?: PictureOf } = { calls: [] },
  ) => {
    const origin = originOf(request);
    const key = `${origin} ${request.url}`;
    const keep = app.config.catalogueCache && key.length <= MAX_PAGE_KEY_LENGTH;
    const pages = keep ? await keptPages(app.db) : undefined;
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    const hit = pages?.get(key);
    if (hit) return reply.status(hit.status).send(hit.body);
    // The first view's calls run once, for the page's text and for the app's render alike.
    let first: Promise<FirstAnswers> | undefined;
    const answersOf = () => (first ??= firstAnswers(app, [...LAYOUT_CALLS, ...view.calls]));
    const page = await load(answersOf);
    const { extras, renderMs } = await firstView(request, name, page, view, answersOf);
    const status = page.status ?? 200;
    const body = renderShell(app.webShell, page, origin, extras);
    if (renderMs !== null) reply.header('Server-Timing', `render;dur=${renderMs.toFixed(1)}`);
    pages?.set(key, { status, body });
    return reply.status(status).send(body);
  };

  // Pages, sitemap and robots.txt belong to the storefront: an API-only instance has none.
  if (!app.hasWebShell) return;

  app.get('/robots.txt', async (request, reply) =>
    reply.type('text/plain; charset=utf-8').send(service.robots(originOf(request))),
  );

  app.get('/sitemap.xml', async (request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .send(await service.sitemap(app.db, originOf(request))),
  );

  app.get('/sitemaps/:file', { schema: { params: sitemapParams } }, async (request, reply) => {
    const n = /^[1-9]\d{0,5}\.xml$/.test(request.params.file)
      ? Number(request.params.file.slice(0, -4))
      : null;
    const xml = n === null ? null : await service.sitemapFile(app.db, originOf(request), n);
    if (xml === null) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    return reply.type('application/xml; charset=utf-8').send(xml);
  });

  app.get('/', async (request, reply) =>
    sendPage(request, reply, 'home', () => service.homePage(app.db), homeView()),
  );

  app.get('/products', { schema: { querystring: productsQuery } }, async (request, reply) => {
    const tag = request.query.tag === 'new' ? 'new' : 'hot';
    return sendPage(
      request,
      reply,
      'products',
      () => service.productsPage(app.db, tag),
      productListView(tag),
    );
  });

  app.get('/products/:id', { schema: { params: anyParams } }, async (request, reply) => {
    const id = productId(request.params.id);
    if (id === null) {
      const path = `/products/${encodeURIComponent(request.params.id)}`;
      return sendPage(request, reply, 'product', async () =>
        service.notFoundPage(path, service.NO_PRODUCT),
      );
    }
    return sendPage(
      request,
      reply,
      'product',
      () => service.productPage(app.db, id, originOf(request)),
      productView(id),
    );
  });

  app.get('/search', { schema: { querystring: searchQuery } }, async (request, reply) => {
    const { name, brandId, page } = request.query;
    // The key as the search page reads it from its address.
    const key = typeof name === 'string' ? name.trim() : '';
    const calls = searchCalls(key, positiveInt(brandId), positiveInt(page) ?? 1);
    const [search] = calls;
    return sendPage(
      request,
      reply,
      'search',
      async (answersOf) =>
        service.searchPage(
          typeof name === 'string' ? name : '',
          search && ((await answersOf()).data.get(search) as service.FoundProducts | undefined),
        ),
      { calls },
    );
  });

  app.get('/literature', async (request, reply) =>
    sendPage(request, reply, 'literatureList', () => service.literatureListPage(app.db)),
  );

  app.get('/literature/:id', { schema: { params: anyParams } }, async (request, reply) =>
    sendPage(request, reply, 'literature', () =>
      service.contentPage(app.db, 'literature', request.params.id),
    ),
  );

  app.get('/article/:id', { schema: { params: anyParams } }, async (request, reply) =>
    sendPage(request, reply, 'article', () =>
      service.contentPage(app.db, 'article', request.params.id),
    ),
  );
};
export default seoRoutes;
