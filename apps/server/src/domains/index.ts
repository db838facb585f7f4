import type { FastifyPluginAsync } from 'fastify';
import healthRoutes from './health/health.routes.ts';
import catalogueRoutes from './catalogue/catalogue.routes.ts';
import searchRoutes from './search/search.routes.ts';
import chemistryRoutes from './chemistry/chemistry.routes.ts';
import contentRoutes from './content/content.routes.ts';
import formsRoutes from './forms/forms.routes.ts';
import accountRoutes from './account/account.routes.ts';
import cartRoutes from './cart/cart.routes.ts';
import ordersRoutes from './orders/orders.routes.ts';
import financeRoutes from './finance/finance.routes.ts';
import paymentsExportRoutes from './finance/payments-export.routes.ts';
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
import notificationRoutes from './notifications/notifications.routes.ts';
import procurementRoutes from './procurement/procurement.routes.ts';
import procurementAdminRoutes from './procurement/procurement-admin.routes.ts';
import complianceRoutes from './compliance/compliance.routes.ts';

/** Every feature's routes; each feature registers its own paths. */
export const featureRoutes: FastifyPluginAsync[] = [
  healthRoutes,
  catalogueRoutes,
  searchRoutes,
  chemistryRoutes,
  contentRoutes,
  formsRoutes,
  accountRoutes,
  cartRoutes,
  ordersRoutes,
  financeRoutes,
  paymentsExportRoutes,
  customizedRoutes,
  paymentsRoutes,
  notifyRoutes,
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
  seoRoutes,
  notificationRoutes,
  procurementRoutes,
  procurementAdminRoutes,
  complianceRoutes,
];
