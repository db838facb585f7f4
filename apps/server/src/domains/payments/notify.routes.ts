import type { FastifyPluginAsync } from 'fastify';
import { PayType } from '@labshop/shared';
import { handleNotification } from './notify.service.ts';
import { headersOf } from './wechatpay.ts';

/**
 * Gateway notifications. Signatures cover the exact bytes sent, so this scope keeps bodies as
 * received text; the answers follow each gateway's protocol, not the shop's envelope.
 */
const notifyRoutes: FastifyPluginAsync = async (app) => {
  const cfg = app.config.payments;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ['application/json', 'application/x-www-form-urlencoded', 'text/plain'],
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );
  const text = (body: unknown) => (typeof body === 'string' ? body : '');

  app.post('/client/v1/payments/wechat/notify', async (request, reply) => {
    const header = (name: string) => {
      const v = request.headers[name];
      return typeof v === 'string' ? v : undefined;
    };
    const accepted = await handleNotification(app.db, cfg, PayType.WECHAT, {
      headers: headersOf(header),
      raw: text(request.body),
      fields: {},
    });
    if (accepted) return reply.code(204).send();
    return reply.code(400).send({ code: 'FAIL', message: '失败' });
  });

  app.post('/client/v1/payments/alipay/notify', async (request, reply) => {
    const raw = text(request.body);
    const fields = Object.fromEntries(new URLSearchParams(raw));
    const accepted = await handleNotification(app.db, cfg, PayType.ALIPAY, {
      headers: {},
      raw,
      fields,
    });
    return reply.type('text/plain; charset=utf-8').send(accepted ? 'success' : 'failure');
  });
};
export default notifyRoutes;
