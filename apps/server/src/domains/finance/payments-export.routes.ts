import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentsExportQuery } from '@labshop/shared/schemas';
import { XLSX_CONTENT_TYPE } from '../../lib/sheets.ts';
import { exportPayments } from './payments-export.ts';

/** Finance's reconciliation sheet: every money movement of a period (docs/console.md, "Lists"). */
const paymentsExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payments/export',
    {
      preHandler: app.requireStaff('payments'),
      schema: {
        querystring: paymentsExportQuery,
        // The answer is the XLSX file itself.
        response: { 200: z.any().describe('XLSX workbook') },
      },
    },
    async (request, reply) =>
      reply
        .header('Content-Type', XLSX_CONTENT_TYPE)
        .header('Content-Disposition', `attachment; filename="payments.xlsx"`)
        .header('Cache-Control', 'no-store')
        .send(await exportPayments(app.db, request.query)),
  );
};
export default paymentsExportRoutes;
