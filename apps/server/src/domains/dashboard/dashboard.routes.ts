import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toYuan } from '@labshop/shared';
import { dashboardSchema, envelopeOf, LOW_STOCK_BELOW } from '@labshop/shared/schemas';
import { chinaDate, chinaDayStart, now } from '../../lib/clock.ts';
import { ok } from '../../lib/envelope.ts';
import { complianceCounts } from '../compliance/index.ts';
import { overdueOrgCount } from '../credit/index.ts';
import { missingChineseSdsCount } from '../safety/index.ts';
import * as repo from './dashboard.repository.ts';

/** The console's start page: today's figures and what waits for staff. */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    { preHandler: app.requireStaff(), schema: { response: { 200: envelopeOf(dashboardSchema) } } },
    async () => {
      const t = now();
      const [orders, inbox, low, compliance, missingChineseSds, overdueCreditOrgs] =
        await Promise.all([
          repo.orderFigures(app.db, chinaDayStart(t)),
          repo.newInboxCounts(app.db),
          repo.lowStock(app.db, LOW_STOCK_BELOW, 20),
          complianceCounts(app.db, chinaDate(t), t),
          missingChineseSdsCount(app.db),
          overdueOrgCount(app.db, t),
        ]);
      return ok({
        ...orders,
        todaySales: toYuan(orders.todaySales),
        ...inbox,
        lowStockCount: low.total,
        lowStock: low.records.map((r) => ({ ...r, stock: Number(r.stock) })),
        lowStockBelow: LOW_STOCK_BELOW,
        ...compliance,
        missingChineseSds,
        overdueCreditOrgs,
      });
    },
  );
};
export default dashboardRoutes;
