import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '@labshop/shared';
import { renderShell, type SeoPage } from './seo.html.ts';
import * as service from './seo.service.ts';

/** Page addresses are taken as typed: a malformed one still gets the shell, never a 400. */
const anyParams = z.object({ id: z.string() });
const searchQuery = z.object({ name: z.unknown().optional() }).passthrough();
const productsQuery = z.object({ tag: z.unknown().optional() }).passthrough();
const sitemapParams = z.object({ file: z.string() });

const productId = (raw: string): number | null => {
  const n = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return n > 0 && n <= LIMITS.idMax ? n : null;
};

/**
 * The addresses search engines crawl answer the storefront shell carrying that page's own title,
 * description, canonical URL, structured data and content; plus sitemap.xml and robots.txt.
 */
const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const originOf = (request: FastifyRequest) =>
    app.config.siteUrl || `${request.protocol}://${request.host}`;

  const sendPage = (request: FastifyRequest, reply: FastifyReply, page: SeoPage) =>
    reply
      .status(page.status ?? 200)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(renderShell(app.webShell, page, originOf(request)));

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

  app.get('/', async (request, reply) => sendPage(request, reply, await service.homePage(app.db)));

  app.get('/products', { schema: { querystring: productsQuery } }, async (request, reply) =>
    sendPage(
      request,
      reply,
      await service.productsPage(app.db, request.query.tag === 'new' ? 'new' : 'hot'),
    ),
  );

  app.get('/products/:id', { schema: { params: anyParams } }, async (request, reply) => {
    const id = productId(request.params.id);
    const page =
      id === null
        ? service.notFoundPage(
            `/products/${encodeURIComponent(request.params.id)}`,
            service.NO_PRODUCT,
          )
        : await service.productPage(app.db, id, originOf(request));
    return sendPage(request, reply, page);
  });

  app.get('/search', { schema: { querystring: searchQuery } }, async (request, reply) => {
    const name = request.query.name;
    return sendPage(
      request,
      reply,
      await service.searchPage(app.db, typeof name === 'string' ? name : ''),
    );
  });

  app.get('/literature', async (request, reply) =>
    sendPage(request, reply, await service.literatureListPage(app.db)),
  );

  app.get('/literature/:id', { schema: { params: anyParams } }, async (request, reply) =>
    sendPage(request, reply, await service.contentPage(app.db, 'literature', request.params.id)),
  );

  app.get('/article/:id', { schema: { params: anyParams } }, async (request, reply) =>
    sendPage(request, reply, await service.contentPage(app.db, 'article', request.params.id)),
  );
};
export default seoRoutes;
