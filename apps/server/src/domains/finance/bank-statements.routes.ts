import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankColumnMap,
  bankStatementConfirmBody,
  bankStatementConfirmSchema,
  bankStatementDetailSchema,
  bankStatementListItemSchema,
  bankStatementListQuery,
  bankStatementParams,
  bankStatementSchema,
  envelopeOf,
  pagedOf,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { BANK_STATEMENT_LIMITS, MSG_FILE_TOO_LARGE } from '../../lib/bank-statements/read.ts';
import { readMultipart, uploadRoutes } from '../../lib/multipart.ts';
import { staffOf } from '../staff/index.ts';
import { confirmStatementRows } from '../../workflows/confirm-statement-rows.ts';
import * as service from './bank-statements.service.ts';

const MSG_NO_FILE = '请选择银行流水文件（CSV 或 XLSX）';
const MSG_BAD_COLUMNS = '列对应关系格式有误';

/** The optional `columns` field: a JSON object of header texts (docs/contract-prices-credit.md). */
function columnsOf(fields: Record<string, string>) {
  if (!fields.columns?.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(fields.columns);
  } catch {
    throw badRequest(MSG_BAD_COLUMNS);
  }
  const parsed = bankColumnMap.safeParse(value);
  if (!parsed.success) throw badRequest(MSG_BAD_COLUMNS);
  // A field left empty in the form is no mapping.
  return Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== ''));
}

/**
 * /manage/v1 bank statements (docs/contract-prices-credit.md section 5), permission finance:
 * upload a bank's export to match it against the waiting orders, read the imports back, and
 * confirm the chosen matched rows, each once, as transfer confirmations (audited per order).
 */
const bankStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  const finance = app.requireStaff('finance');

  await uploadRoutes(app, (uploads) => {
    uploads.post(
      '/bank-statements',
      {
        preHandler: finance,
        // A double click or a retry of one upload makes one import (docs/api.md).
        config: { idempotent: true },
        schema: { response: { 200: envelopeOf(bankStatementSchema) } },
      },
      async (request) => {
        const { fields, file } = await readMultipart(
          request,
          BANK_STATEMENT_LIMITS.fileBytes,
          MSG_FILE_TOO_LARGE,
        );
        if (!file || file.data.length === 0) throw badRequest(MSG_NO_FILE);
        const columns = columnsOf(fields);
        const view = await service.importStatement(app.db, staffOf(request), file, columns);
        return ok(view, `已导入 ${view.rows} 行，匹配 ${view.matched.length} 行`);
      },
    );
  });

  app.get(
    '/bank-statements',
    {
      preHandler: finance,
      schema: {
        querystring: bankStatementListQuery,
        response: { 200: envelopeOf(pagedOf(bankStatementListItemSchema)) },
      },
    },
    async (request) => ok(await service.statementList(app.db, request.query)),
  );

  app.get(
    '/bank-statements/:id',
    {
      preHandler: finance,
      schema: {
        params: bankStatementParams,
        response: { 200: envelopeOf(bankStatementDetailSchema) },
      },
    },
    async (request) => ok(await service.statementDetail(app.db, request.params.id)),
  );

  app.post(
    '/bank-statements/:id/confirm',
    {
      preHandler: finance,
      config: { idempotent: true },
      schema: {
        params: bankStatementParams,
        body: bankStatementConfirmBody,
        response: { 200: envelopeOf(bankStatementConfirmSchema) },
      },
    },
    async (request) => {
      const result = await confirmStatementRows(
        app.db,
        staffOf(request),
        request.params.id,
        request.body.rows,
      );
      return ok(result, `已确认收款 ${result.confirmed.length} 行`);
    },
  );
};
export default bankStatementRoutes;
