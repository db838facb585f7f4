import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document of the whole API (storefront and /manage), generated from the zod route
 * schemas, at GET /docs/openapi.json, and an interactive reference page at /docs. Registered
 * before the routes so it sees every one of them. API_DOCS decides who gets them (config.ts):
 * everyone, staff (the document only, to a staff token: the page could not send one), or nobody,
 * the default in production; a path not served answers the JSON 404.
 */
export default fp(async (app) => {
  const mode = app.config.apiDocs;
  if (mode === 'off') return;
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: '标准物质商城 API',
        description:
          '商城前台（/client/v1、/yifanglab-client/v1）与运营后台（/manage/v1）的全部接口。' +
          '所有应答为 { code, msg, data }；登录后在 Authorization 头携带 token。',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  if (mode === 'on') {
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      // No outside validator badge: the page loads only from this server, under the shop's CSP.
      uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
    });
  }
  app.get(
    '/docs/openapi.json',
    { schema: { hide: true }, ...(mode === 'staff' ? { preHandler: app.requireStaff() } : {}) },
    async () => app.swagger(),
  );
});
