import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ResultCode, SHEET_LIMITS, mayTake } from '@labshop/shared';
import {
  envelopeOf,
  flagField,
  importResultSchema,
  manageProductQuery,
  type ImportProgress,
  type ImportResult,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { UPLOAD_LIMITS, readMultipart, uploadRoutes } from '../../lib/multipart.ts';
import { settleIdempotency } from '../idempotency/index.ts';
import { staffOf } from '../staff/index.ts';
import { filteredProductIds } from './products.service.ts';
import { COLUMNS } from './columns.ts';
import { exportCatalogue, importTemplate } from './export.service.ts';
import { MSG_TOO_MANY_ROWS } from './import.plan.ts';
import { importSheet } from './import.service.ts';
import { detectFormat, readSheet, type SheetFormat } from '../../lib/sheets.ts';

const formatQuery = z.object({
  format: z.enum(['csv', 'xlsx'], { error: '格式只能是 csv 或 xlsx' }).default('xlsx'),
});
const exportQuery = manageProductQuery.omit({ page: true, size: true }).extend(formatQuery.shape);

const CONTENT_TYPE: Record<SheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A download name with Chinese kept for browsers that read filename*, ASCII for the rest. */
const attachment = (base: { ascii: string; zh: string }, format: SheetFormat) => {
  const ascii = `${base.ascii}.${format}`;
  const utf8 = encodeURIComponent(`${base.zh}.${format}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
};

interface Answer {
  status: number;
  envelope: { code: number; msg: string; data: ImportResult | null; requestId?: string };
}

/** The import's answer (docs/catalogue.md, "Import and export"): the report, with 400 when any row is refused. */
function answerOf(dryRun: boolean, result: ImportResult): Answer & { status: 200 | 400 } {
  if (dryRun) return { status: 200, envelope: ok(result, '试导入完成，未保存任何数据') };
  if (result.failed.length > 0) {
    return {
      status: 400,
      envelope: {
        code: ResultCode.ERROR,
        msg: `有 ${result.failed.length} 行数据有误，未导入任何数据`,
        data: result,
      },
    };
  }
  return { status: 200, envelope: ok(result, '导入完成') };
}

const LINES = 'application/x-ndjson';
const wantsLines = (request: FastifyRequest) =>
  (request.headers.accept ?? '').split(',').some((t) => t.trim().startsWith(LINES));

/**
 * A streamed import (`Accept: application/x-ndjson`, docs/catalogue.md): one progress line
 * `{ type: 'progress', phase, processed, total }` at a time while the rows are checked and
 * written, then `{ type: 'result', status, code, msg, data }` with the same envelope and status
 * the plain JSON answer has. The status line is sent before the outcome is known, so the
 * outcome's status travels in the last line; the idempotency key keeps that envelope.
 */
async function streamImport(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (onProgress: (p: ImportProgress) => void) => Promise<Answer>,
) {
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': `${LINES}; charset=utf-8`,
    'cache-control': 'no-store',
    'x-request-id': String(request.id),
  });
  let answer: Answer;
  try {
    answer = await run((p) => reply.raw.write(`${JSON.stringify({ type: 'progress', ...p })}\n`));
  } catch (err) {
    if (err instanceof AppError) {
      answer = {
        status: err.httpStatus,
        envelope: { code: err.code, msg: err.message, data: null },
      };
    } else {
      request.log.error({ err }, 'streamed import failed');
      answer = {
        status: 500,
        envelope: {
          code: ResultCode.ERROR,
          msg: '服务器繁忙，请稍后重试',
          data: null,
          requestId: String(request.id),
        },
      };
    }
  }
  await settleIdempotency(request, answer.status, JSON.stringify(answer.envelope));
  reply.raw.end(
    `${JSON.stringify({ type: 'result', status: answer.status, ...answer.envelope })}\n`,
  );
}

/** /manage/v1 catalogue spreadsheets: import (with dry run), export and the template. */
const catalogueImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = app.requireStaff('catalogue');

  await uploadRoutes(app, (uploads) => {
    uploads.post(
      '/products/import',
      {
        preHandler: catalogue,
        config: { idempotent: true },
        schema: {
          querystring: z.object({ dryRun: flagField.optional() }),
          response: {
            200: envelopeOf(importResultSchema),
            400: envelopeOf(importResultSchema.nullable()),
          },
        },
      },
      async (request, reply) => {
        const { fields, file } = await readMultipart(request, UPLOAD_LIMITS.sheet);
        if (!file || file.data.length === 0) throw badRequest('请选择要导入的 CSV 或 XLSX 文件');
        const dryField =
          fields.dryRun === undefined ? undefined : flagField.safeParse(fields.dryRun);
        if (dryField && !dryField.success) throw badRequest('dryRun 只能是 true 或 false');
        const dryRun = request.query.dryRun ?? dryField?.data ?? false;
        const sheet = await readSheet(file.data, detectFormat(file.data, file.filename), {
          ...SHEET_LIMITS.catalogueImport,
          tooManyRows: MSG_TOO_MANY_ROWS,
        });
        const staff = staffOf(request);
        const options = {
          dryRun,
          staffId: staff.id,
          mayCountStock: mayTake(staff.roles, 'product.stock'),
        };
        if (!wantsLines(request)) {
          const { status, envelope } = answerOf(dryRun, await importSheet(app.db, sheet, options));
          void reply.status(status);
          return envelope;
        }
        await streamImport(request, reply, async (onProgress) =>
          answerOf(dryRun, await importSheet(app.db, sheet, { ...options, onProgress })),
        );
        return reply;
      },
    );
  });

  app.get(
    '/products/export',
    { preHandler: catalogue, schema: { querystring: exportQuery } },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const filtered = Object.values(filter).some((v) => v !== undefined && v !== '');
      const ids = filtered ? await filteredProductIds(app.db, filter) : undefined;
      const data = await exportCatalogue(app.db, format, ids);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type(CONTENT_TYPE[format])
        .header(
          'Content-Disposition',
          attachment({ ascii: `products-${day}`, zh: `商品目录-${day}` }, format),
        )
        .send(data);
    },
  );

  app.get(
    '/products/template',
    { preHandler: catalogue, schema: { querystring: formatQuery } },
    async (request, reply) => {
      const format = request.query.format;
      return reply
        .type(CONTENT_TYPE[format])
        .header(
          'Content-Disposition',
          attachment({ ascii: 'product-import-template', zh: '商品导入模板' }, format),
        )
        .send(await importTemplate(app.db, format));
    },
  );

  app.get(
    '/products/columns',
    {
      preHandler: catalogue,
      schema: {
        response: {
          200: envelopeOf(
            z.array(
              z.object({
                key: z.string(),
                header: z.string(),
                description: z.string(),
                example: z.string(),
              }),
            ),
          ),
        },
      },
    },
    () => ok(COLUMNS.map((c) => ({ ...c }))),
  );
};
export default catalogueImportRoutes;
