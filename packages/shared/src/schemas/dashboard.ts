import { z } from 'zod';

/** GET /manage/v1/dashboard: the figures of the console's start page. */
export const dashboardSchema = z.object({
  todayOrders: z.number().int(),
  /** Yuan paid today for orders placed today. */
  todaySales: z.number(),
  awaitingTransfer: z.number().int(),
  awaitingPricing: z.number().int(),
  awaitingShipment: z.number().int(),
  newMessages: z.number().int(),
  newInquiries: z.number().int(),
  newCustomized: z.number().int(),
  /** How many packs are low on stock (the list below shows the first of them). */
  lowStockCount: z.number().int(),
  lowStock: z.array(
    z.object({
      materialId: z.number().int(),
      productId: z.number().int(),
      name: z.string(),
      number: z.string(),
      pack: z.string(),
      stock: z.number().int(),
    }),
  ),
  /** Packs whose stock over all warehouses is below this count are listed. */
  lowStockBelow: z.number().int(),
  /** Members' documents waiting for review (合规管理). */
  pendingQualifications: z.number().int(),
  /** Shipped 易制爆 lines not yet reported to the public security bureau, and those overdue. */
  explosiveReportsDue: z.number().int(),
  explosiveReportsOverdue: z.number().int(),
  /** On-sale hazardous products without a current Chinese safety data sheet (docs/safety.md). */
  missingChineseSds: z.number().int(),
  /** Organizations with a credit (月结) order past its term (docs/contract-prices-credit.md). */
  overdueCreditOrgs: z.number().int(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
