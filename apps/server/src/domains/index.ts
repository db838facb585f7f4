import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes } from './health/index.ts';
import {
  bulkProductRoutes,
  catalogueAdminRoutes,
  catalogueImportRoutes,
  catalogueRoutes,
  structureRoutes,
} from './catalogue/index.ts';
import { searchRoutes, searchSynonymRoutes } from './search/index.ts';
import { chemistryRoutes } from './chemistry/index.ts';
import { contentAdminRoutes, contentRoutes } from './content/index.ts';
import { formsRoutes, yifanglabFormsRoutes } from './forms/index.ts';
import { accountRoutes, memberRenewalRoutes } from './account/index.ts';
import { cartRoutes } from './cart/index.ts';
import ordersRoutes from './orders/orders.routes.ts';
import { financeRoutes, paymentsExportRoutes } from './finance/index.ts';
import { customizedRoutes } from './customized/index.ts';
import paymentsRoutes from './payments/payments.routes.ts';
import notifyRoutes from './payments/notify.routes.ts';
import paymentsManageRoutes from './payments/manage.routes.ts';
import { staffRoutes } from './staff/index.ts';
import { auditRoutes } from './audit/index.ts';
import stockRoutes from './stock/stock.routes.ts';
import { coaAdminRoutes } from './certificates/index.ts';
import { moneyRoutingRoutes } from './money-routing/index.ts';
import orderAdminRoutes from './orders/order-admin.routes.ts';
import bankTransferRoutes from './payments/bank-transfers.routes.ts';
import bulkShipRoutes from './fulfilment/bulk-ship.routes.ts';
import { memberRoutes } from './members/index.ts';
import { inboxRoutes } from './inbox/index.ts';
import { dashboardRoutes } from './dashboard/index.ts';
import { seoRoutes } from './seo/index.ts';
import { memberNotificationRoutes, staffNotificationRoutes } from './notifications/index.ts';
import procurementRoutes from './procurement/procurement.routes.ts';
import procurementAdminRoutes from './procurement/procurement-admin.routes.ts';
import { complianceRoutes, staffComplianceRoutes } from './compliance/index.ts';

/** A prefix and the route plugins registered below it; their files write the rest of each path. */
export interface Door {
  prefix: string;
  routes: FastifyPluginAsync[];
}

/**
 * The API's two doors (docs/api.md, "Two doors"): the storefront's routes below /client/v1, the
 * staff console's below /manage/v1. A domain with routes on both sides exports a plugin for each.
 */
export const storefrontDoor: Door = {
  prefix: '/client/v1',
  routes: [
    catalogueRoutes,
    searchRoutes,
    chemistryRoutes,
    contentRoutes,
    formsRoutes,
    accountRoutes,
    cartRoutes,
    ordersRoutes,
    financeRoutes,
    customizedRoutes,
    paymentsRoutes,
    memberNotificationRoutes,
    procurementRoutes,
    complianceRoutes,
  ],
};

export const staffDoor: Door = {
  prefix: '/manage/v1',
  routes: [
    // A member route: storefront clients renew their token at PUT /manage/v1/access.
    memberRenewalRoutes,
    paymentsExportRoutes,
    paymentsManageRoutes,
    staffRoutes,
    auditRoutes,
    catalogueAdminRoutes,
    bulkProductRoutes,
    structureRoutes,
    catalogueImportRoutes,
    stockRoutes,
    coaAdminRoutes,
    contentAdminRoutes,
    moneyRoutingRoutes,
    searchSynonymRoutes,
    orderAdminRoutes,
    bankTransferRoutes,
    bulkShipRoutes,
    memberRoutes,
    inboxRoutes,
    dashboardRoutes,
    staffNotificationRoutes,
    procurementAdminRoutes,
    staffComplianceRoutes,
  ],
};

/**
 * Routes outside both doors, each writing its whole path: the load balancers' health check, the
 * payment gateways' notifications (their own body parsing and answers), the pages the server
 * fills in, and the older /yifanglab-client/v1 forms.
 */
export const wholePathRoutes: FastifyPluginAsync[] = [
  healthRoutes,
  notifyRoutes,
  seoRoutes,
  yifanglabFormsRoutes,
];
