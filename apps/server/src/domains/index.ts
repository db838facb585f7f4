import type { FastifyPluginAsync } from 'fastify';
import healthRoutes from './health/health.routes.ts';
import catalogueRoutes from './catalogue/catalogue.routes.ts';
import searchRoutes from './search/search.routes.ts';
import chemistryRoutes from './chemistry/chemistry.routes.ts';
import contentRoutes from './content/content.routes.ts';
import formsRoutes, { yifanglabFormsRoutes } from './forms/forms.routes.ts';
import accountRoutes from './account/account.routes.ts';
import { memberRenewalRoutes } from './account/access.routes.ts';
import cartRoutes from './cart/cart.routes.ts';
import ordersRoutes from './orders/orders.routes.ts';
import financeRoutes from './finance/finance.routes.ts';
import paymentsExportRoutes from './finance/payments-export.routes.ts';
import bankStatementRoutes from './finance/bank-statements.routes.ts';
import customizedRoutes from './customized/customized.routes.ts';
import paymentsRoutes from './payments/payments.routes.ts';
import notifyRoutes from './payments/notify.routes.ts';
import paymentsManageRoutes from './payments/manage.routes.ts';
import staffRoutes from './staff/staff.routes.ts';
import auditRoutes from './audit/audit.routes.ts';
import catalogueAdminRoutes from './catalogue/catalogue-admin.routes.ts';
import bulkProductRoutes from './catalogue/bulk.routes.ts';
import structureRoutes from './catalogue/structure.routes.ts';
import catalogueImportRoutes from './catalogue/catalogue-import.routes.ts';
import stockRoutes from './stock/stock.routes.ts';
import coaAdminRoutes from './certificates/coa-admin.routes.ts';
import contentAdminRoutes from './content/content-admin.routes.ts';
import moneyRoutingRoutes from './money-routing/money-routing.routes.ts';
import searchSynonymRoutes from './search/search-synonyms.routes.ts';
import orderAdminRoutes from './orders/order-admin.routes.ts';
import bankTransferRoutes from './payments/bank-transfers.routes.ts';
import bulkShipRoutes from './fulfilment/bulk-ship.routes.ts';
import memberRoutes from './members/members.routes.ts';
import inboxRoutes from './inbox/inbox.routes.ts';
import dashboardRoutes from './dashboard/dashboard.routes.ts';
import seoRoutes from './seo/seo.routes.ts';
import {
  memberNotificationRoutes,
  staffNotificationRoutes,
} from './notifications/notifications.routes.ts';
import procurementRoutes from './procurement/procurement.routes.ts';
import procurementAdminRoutes from './procurement/procurement-admin.routes.ts';
import complianceRoutes, { staffComplianceRoutes } from './compliance/compliance.routes.ts';
import { safetyRoutes, staffSafetyRoutes } from './safety/safety.routes.ts';
import { orgRoutes, staffOrgRoutes } from './organizations/organizations.routes.ts';
import { creditRoutes, staffCreditRoutes } from './credit/credit.routes.ts';
import { shippingAdminRoutes } from './shipping/shipping.routes.ts';
import punchoutRoutes from './punchout/punchout.routes.ts';
import punchoutClientRoutes from './punchout/punchout-client.routes.ts';
import punchoutAdminRoutes from './punchout/punchout-admin.routes.ts';
import punchoutReturnPageRoutes from './punchout/punchout-return-page.routes.ts';
import priceListAdminRoutes from './pricing/pricing.routes.ts';

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
    safetyRoutes,
    orgRoutes,
    creditRoutes,
    punchoutClientRoutes,
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
    bankStatementRoutes,
    bulkShipRoutes,
    memberRoutes,
    inboxRoutes,
    dashboardRoutes,
    staffNotificationRoutes,
    procurementAdminRoutes,
    staffComplianceRoutes,
    staffSafetyRoutes,
    staffOrgRoutes,
    staffCreditRoutes,
    shippingAdminRoutes,
    punchoutAdminRoutes,
    priceListAdminRoutes,
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
  punchoutRoutes,
  punchoutReturnPageRoutes,
];
