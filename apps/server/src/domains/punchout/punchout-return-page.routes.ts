import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { memberSessionOf } from '../session/index.ts';
import { returnCart } from './punchout.service.ts';

/*
 * POST /punchout/return (docs/punchout.md, "Returning the cart"): the storefront's 返回采购系统
 * posts the member token here as a plain form, and the answer is a page whose form, holding the
 * PunchOutOrderMessage (cXML) or the NEW_ITEM fields (OCI), submits itself to the buyer's
 * system. The storefront's own pages allow forms to the shop only (form-action 'self'); this
 * page allows exactly the return URL's origin, so the cart can leave for that one system.
 */

const SUBMIT_SCRIPT = 'document.forms[0].submit();';
const SUBMIT_SCRIPT_HASH = createHash('sha256').update(SUBMIT_SCRIPT).digest('base64');
const TOKEN_MISSING = '登录已失效，请从采购系统重新进入';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const page = (title: string, body: string) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family:sans-serif;text-align:center;padding:48px 16px;color:#333">` +
  `${body}</body></html>`;

const cspOf = (formAction: string) =>
  [
    "default-src 'none'",
    `script-src 'sha256-${SUBMIT_SCRIPT_HASH}'`,
    "style-src 'unsafe-inline'",
    `form-action ${formAction}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

function refusal(reply: FastifyReply, status: number, msg: string) {
  return reply
    .code(status)
    .header('Content-Security-Policy', cspOf("'self'"))
    .type('text/html; charset=utf-8')
    .send(
      page(
        '无法返回采购系统',
        `<p>${escapeHtml(msg)}</p><p><a href="/cart" style="color:#1e6fd9">返回购物车</a></p>`,
      ),
    );
}

const punchoutReturnPageRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post('/punchout/return', async (request, reply) => {
    const body = typeof request.body === 'string' ? request.body : '';
    const token = new URLSearchParams(body).get('token') ?? '';
    if (!token) return refusal(reply, 401, TOKEN_MISSING);
    // A form cannot send the Authorization header: the member guard reads the posted token.
    request.headers.authorization = token;
    let form: Awaited<ReturnType<typeof returnCart>>;
    try {
      await app.requireMember(request);
      const { sessionId, userId } = memberSessionOf(request);
      form = await returnCart(app.db, sessionId, userId);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      return refusal(reply, e.httpStatus, e.httpStatus === 401 ? TOKEN_MISSING : e.message);
    }
    const inputs = form.fields
      .map(
        (f) => `<input type="hidden" name="${escapeHtml(f.name)}" value="${escapeHtml(f.value)}">`,
      )
      .join('');
    return reply
      .header('Content-Security-Policy', cspOf(new URL(form.action).origin))
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        page(
          '正在返回采购系统',
          `<form method="post" action="${escapeHtml(form.action)}">${inputs}` +
            `<p>正在返回采购系统…</p>` +
            `<noscript><button type="submit">返回采购系统</button></noscript></form>` +
            `<script>${SUBMIT_SCRIPT}</script>`,
        ),
      );
  });
};
export default punchoutReturnPageRoutes;
