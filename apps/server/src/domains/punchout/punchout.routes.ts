import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { now } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { placePurchaseOrder } from '../../workflows/punchout-order.ts';
import { readCxmlRequest, type CxmlRequest } from './cxml-read.ts';
import { setupResponse, statusResponse } from './cxml-write.ts';
import {
  authenticate,
  keepMessage,
  openPunchout,
  startPath,
  type Authenticated,
} from './punchout.service.ts';
import { XML_MAX_BYTES, XML_TOO_LARGE, XmlRefused } from './xml.ts';

/*
 * The buyer systems' doors (docs/punchout.md): POST /punchout/cxml (cXML 1.2 setup and order
 * requests, answered in cXML, never in the shop's envelope) and GET or POST /punchout/oci (the
 * OCI 4.0 login the user's browser is sent to). Bodies are read as text within 1 MB here.
 */

const UNSUPPORTED = '请以 text/xml 发送 cXML 文档';
const INTERNAL = '服务器内部错误，请稍后重试';
const OCI_FIELDS_MISSING = '缺少 USERNAME、PASSWORD 或 HOOK_URL';

const originOf = (app: { config: { siteUrl: string } }, request: FastifyRequest) =>
  app.config.siteUrl || `${request.protocol}://${request.host}`;

const punchoutRoutes: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ['text/xml', 'application/xml', 'application/x-www-form-urlencoded'],
    { parseAs: 'string', bodyLimit: XML_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  const cxml = (reply: FastifyReply, code: number, xml: string) =>
    reply.code(code).type('text/xml; charset=utf-8').send(xml);

  // Whatever goes wrong before a handler runs (no body parser, a body over 1 MB) is still
  // answered as cXML (or plain text for OCI), never as a 500.
  // The shop's own refusals (AppError, e.g. the request checks of every route) keep their text.
  app.setErrorHandler((err: { statusCode?: number }, request, reply) => {
    const code = err instanceof AppError ? err.httpStatus : err.statusCode;
    const status = code === 413 ? 413 : (code ?? 500) < 500 ? 400 : 500;
    if (status === 500) request.log.error(err);
    const oci = request.url.startsWith('/punchout/oci');
    const msg =
      err instanceof AppError && status === 400
        ? err.message
        : status === 413
          ? XML_TOO_LARGE
          : status === 400
            ? oci
              ? OCI_FIELDS_MISSING
              : UNSUPPORTED
            : INTERNAL;
    if (oci) {
      return reply.code(status).type('text/plain; charset=utf-8').send(msg);
    }
    return cxml(reply, status, statusResponse(status, msg, now()));
  });

  async function answer(
    request: FastifyRequest,
    doc: CxmlRequest,
  ): Promise<{ code: number; xml: string; connectionId: number | null }> {
    const { from, sender } = doc.header;
    const auth: Authenticated = await authenticate(
      app.db,
      'cxml',
      from.domain,
      from.identity,
      sender.sharedSecret || from.sharedSecret,
    );
    if (!auth.ok) {
      return {
        code: auth.status,
        xml: statusResponse(auth.status, auth.msg, now()),
        connectionId: auth.connectionId,
      };
    }
    const connection = auth.connection;
    if (doc.kind === 'setup') {
      const { token } = await openPunchout(app.db, connection, doc);
      const url = `${originOf(app, request)}${startPath(token)}`;
      return { code: 200, xml: setupResponse(url, now()), connectionId: connection.id };
    }
    const { orderId, created } = await placePurchaseOrder(app.db, connection, doc);
    const msg = created ? `订单已创建（${orderId}）` : `该采购单已下单（${orderId}）`;
    return { code: 200, xml: statusResponse(200, msg, now()), connectionId: connection.id };
  }

  app.post('/punchout/cxml', async (request, reply) => {
    const body = typeof request.body === 'string' ? request.body : '';
    let doc: CxmlRequest;
    try {
      doc = readCxmlRequest(body);
    } catch (e) {
      if (!(e instanceof XmlRefused)) throw e;
      await keepMessage(app.db, {
        connectionId: null,
        direction: 'in',
        kind: 'refused',
        status: 400,
        body: body.slice(0, 64 * 1024),
      });
      return cxml(reply, 400, statusResponse(400, e.message, now()));
    }
    const kind = doc.kind === 'setup' ? 'PunchOutSetupRequest' : 'OrderRequest';
    let result: { code: number; xml: string; connectionId: number | null };
    try {
      result = await answer(request, doc);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      result = {
        code: e.httpStatus,
        xml: statusResponse(e.httpStatus, e.message, now()),
        connectionId: (await connectionIdOf(doc)) ?? null,
      };
    }
    const { connectionId } = result;
    await keepMessage(app.db, { connectionId, direction: 'in', kind, status: result.code, body });
    await keepMessage(app.db, {
      connectionId,
      direction: 'out',
      kind: `${kind} Response`,
      status: result.code,
      body: result.xml,
    });
    return cxml(reply, result.code, result.xml);
  });

  // The connection a refused (but authenticated) request came from, for its kept messages.
  const connectionIdOf = async (doc: CxmlRequest) => {
    const { from, sender } = doc.header;
    const auth = await authenticate(
      app.db,
      'cxml',
      from.domain,
      from.identity,
      sender.sharedSecret || from.sharedSecret,
    );
    return auth.ok ? auth.connection.id : auth.connectionId;
  };

  const oci = async (request: FastifyRequest, reply: FastifyReply) => {
    const fields = new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1));
    if (typeof request.body === 'string') {
      for (const [k, v] of new URLSearchParams(request.body)) fields.set(k, v);
    }
    const username = fields.get('USERNAME') ?? '';
    const password = fields.get('PASSWORD') ?? '';
    const hookUrl = fields.get('HOOK_URL') ?? '';
    const text = (code: number, msg: string) =>
      reply.code(code).type('text/plain; charset=utf-8').send(msg);
    if (!username || !password || !hookUrl) return text(400, OCI_FIELDS_MISSING);
    const auth = await authenticate(app.db, 'oci', '', username, password);
    const kept = new URLSearchParams(fields);
    kept.set('PASSWORD', '***');
    const keep = (status: number, connectionId: number | null) =>
      keepMessage(app.db, {
        connectionId,
        direction: 'in',
        kind: 'OCI login',
        status,
        body: kept.toString(),
      });
    if (!auth.ok) {
      await keep(auth.status, auth.connectionId);
      return text(auth.status, auth.msg);
    }
    try {
      const { token } = await openPunchout(app.db, auth.connection, {
        operation: 'create',
        buyerCookie: '',
        formPostUrl: hookUrl,
        contactEmail: '',
        items: [],
      });
      await keep(200, auth.connection.id);
      return reply.redirect(startPath(token), 303);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      await keep(e.httpStatus, auth.connection.id);
      return text(e.httpStatus, e.message);
    }
  };
  app.get('/punchout/oci', oci);
  app.post('/punchout/oci', oci);
};
export default punchoutRoutes;
