import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  buyingDocumentsSchema,
  complianceCheckBody,
  complianceCheckSchema,
  envelopeOf,
  explosiveReportBody,
  explosiveReportQuery,
  explosiveReportRowSchema,
  idParam,
  ledgerQuery,
  ledgerRowSchema,
  manageQualificationDetailSchema,
  manageQualificationQuery,
  manageQualificationSchema,
  pagedOf,
  qualificationOwnerQuery,
  qualificationSchema,
  reviewBody,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { orgIdOf } from '../../lib/org-of-request.ts';
import { readMultipart, uploadRoutes } from '../../lib/multipart.ts';
import { DOCUMENT_MAX_BYTES } from '../../lib/uploads.ts';
import { memberIdOf } from '../session/index.ts';
import { staffOf } from '../staff/index.ts';
import { XLSX_CONTENT_TYPE, writeCsv, writeXlsx } from '../../lib/sheets.ts';
import * as service from './documents.service.ts';
import { buyingOrg, checkLines } from './order-rules.service.ts';
import * as explosiveReport from './explosive-report.service.ts';
import * as salesLedger from './sales-ledger.service.ts';

const idParams = z.object({ id: idParam });

function sendFile(reply: FastifyReply, file: service.DocumentFile) {
  return reply
    .header('Content-Type', file.type)
    .header('Content-Disposition', `inline; filename="${file.name}"`)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('Content-Length', file.size)
    .send(file.stream);
}

/** Members' documents and the cart's compliance check (docs/compliance.md). */
const complianceRoutes: FastifyPluginAsyncZod = async (app) => {
  // Documents are kept in the file store's private area, which /files/ never serves.
  const files = app.files;
  const member = { preHandler: app.requireMember };

  await uploadRoutes(app, (uploads) => {
    uploads.post(
      '/user/qualifications',
      {
        ...member,
        config: { idempotent: true },
        schema: { response: { 200: envelopeOf(z.object({ id: z.number().int() })) } },
      },
      async (request) => {
        const { fields, file } = await readMultipart(request, DOCUMENT_MAX_BYTES);
        const answer = await service.uploadQualification(
          app.db,
          files,
          memberIdOf(request),
          fields,
          file,
        );
        return ok(answer, '已提交，请等待审核');
      },
    );
  });

  app.get(
    '/user/qualifications',
    {
      ...member,
      schema: {
        querystring: qualificationOwnerQuery,
        response: { 200: envelopeOf(z.array(qualificationSchema)) },
      },
    },
    async (request) => ok(await service.listOwn(app.db, memberIdOf(request), request.query.orgId)),
  );

  app.post(
    '/user/qualifications/check',
    {
      ...member,
      schema: { body: complianceCheckBody, response: { 200: envelopeOf(complianceCheckSchema) } },
    },
    async (request) => {
      const userId = memberIdOf(request);
      const org = await buyingOrg(app.db, userId, request.body.orgId, orgIdOf(request));
      return ok(await checkLines(app.db, userId, request.body.lines, org));
    },
  );

  // The product page: whether the buyer holds what a class needs, for the organization the
  // request names (X-Org-Id, a member only) or the member's own.
  app.get(
    '/user/qualifications/buying',
    { ...member, schema: { response: { 200: envelopeOf(buyingDocumentsSchema) } } },
    async (request) => {
      const userId = memberIdOf(request);
      const org = await buyingOrg(app.db, userId, undefined, orgIdOf(request));
      return ok({ org, documents: await service.listOwn(app.db, userId, org?.id) });
    },
  );

  app.get(
    '/user/qualifications/:id/file',
    {
      ...member,
      schema: {
        params: idParams,
        querystring: qualificationOwnerQuery,
        response: { 200: z.any().describe('PDF, JPEG or PNG') },
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await service.ownFile(
          app.db,
          files,
          memberIdOf(request),
          request.params.id,
          request.query.orgId,
        ),
      ),
  );
};

/** Staff: the review of members' documents, the sales ledger and the 易制爆 report. */
export const staffComplianceRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = app.files;
  const compliance = app.requireStaff('compliance');

  app.get(
    '/qualifications',
    {
      preHandler: compliance,
      schema: {
        querystring: manageQualificationQuery,
        response: { 200: envelopeOf(pagedOf(manageQualificationSchema)) },
      },
    },
    async (request) => ok(await service.listForStaff(app.db, request.query)),
  );

  app.get(
    '/qualifications/:id',
    {
      preHandler: compliance,
      schema: { params: idParams, response: { 200: envelopeOf(manageQualificationDetailSchema) } },
    },
    async (request) => ok(await service.detailForStaff(app.db, request.params.id)),
  );

  app.get(
    '/qualifications/:id/file',
    {
      preHandler: compliance,
      schema: { params: idParams, response: { 200: z.any().describe('PDF, JPEG or PNG') } },
    },
    async (request, reply) =>
      sendFile(reply, await service.fileForStaff(app.db, files, request.params.id)),
  );

  app.post(
    '/qualifications/:id/review',
    {
      preHandler: compliance,
      config: { idempotent: true },
      schema: { params: idParams, body: reviewBody, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await service.review(app.db, staffOf(request), request.params.id, request.body);
      return ok(null, request.body.approve ? '已通过' : '已驳回');
    },
  );

  app.get(
    '/compliance/ledger',
    {
      preHandler: compliance,
      schema: {
        querystring: ledgerQuery,
        response: { 200: z.union([envelopeOf(z.array(ledgerRowSchema)), z.any()]) },
      },
    },
    async (request, reply) => {
      const rows = await salesLedger.ledger(app.db, request.query);
      if (request.query.format === 'json') return ok(rows);
      const cells = salesLedger.ledgerCells(rows);
      const stamp = new Date().toISOString().slice(0, 10);
      if (request.query.format === 'csv') {
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="sales-ledger-${stamp}.csv"`)
          .header('Cache-Control', 'no-store')
          .send(writeCsv(salesLedger.LEDGER_HEADERS, cells));
      }
      const file = await writeXlsx([
        { name: '销售台账', headers: salesLedger.LEDGER_HEADERS, rows: cells },
      ]);
      return reply
        .header('Content-Type', XLSX_CONTENT_TYPE)
        .header('Content-Disposition', `attachment; filename="sales-ledger-${stamp}.xlsx"`)
        .header('Cache-Control', 'no-store')
        .send(file);
    },
  );

  app.get(
    '/compliance/explosive-report',
    {
      preHandler: compliance,
      schema: {
        querystring: explosiveReportQuery,
        response: { 200: z.union([envelopeOf(z.array(explosiveReportRowSchema)), z.any()]) },
      },
    },
    async (request, reply) => {
      const rows = await explosiveReport.pending(app.db);
      if (request.query.format === 'json') return ok(rows);
      const file = await writeXlsx([
        {
          name: '易制爆销售报告',
          headers: explosiveReport.REPORT_HEADERS,
          rows: explosiveReport.reportCells(rows),
        },
      ]);
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header('Content-Type', XLSX_CONTENT_TYPE)
        .header('Content-Disposition', `attachment; filename="explosive-report-${stamp}.xlsx"`)
        .header('Cache-Control', 'no-store')
        .send(file);
    },
  );

  app.post(
    '/compliance/explosive-report',
    {
      preHandler: compliance,
      config: { idempotent: true },
      schema: {
        body: explosiveReportBody,
        response: { 200: envelopeOf(z.object({ reported: z.number().int() })) },
      },
    },
    async (request) =>
      ok(
        await explosiveReport.markReported(app.db, staffOf(request), request.body.lineIds),
        '已标记为已报告',
      ),
  );
};

export default complianceRoutes;
