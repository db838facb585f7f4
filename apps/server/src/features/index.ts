import type { FastifyPluginAsync } from 'fastify';
import healthRoutes from './health/health.routes.ts';
import catalogueRoutes from './catalogue/catalogue.routes.ts';
import searchRoutes from './search/search.routes.ts';
import contentRoutes from './content/content.routes.ts';
import formsRoutes from './forms/forms.routes.ts';
import accountRoutes from './account/account.routes.ts';
import cartRoutes from './cart/cart.routes.ts';
import ordersRoutes from './orders/orders.routes.ts';
import financeRoutes from './finance/finance.routes.ts';
import customizedRoutes from './customized/customized.routes.ts';
import seoRoutes from './seo/seo.routes.ts';

/** Every feature's routes; each feature registers its own paths. */
export const featureRoutes: FastifyPluginAsync[] = [
  healthRoutes,
  catalogueRoutes,
  searchRoutes,
  contentRoutes,
  formsRoutes,
  accountRoutes,
  cartRoutes,
  ordersRoutes,
  financeRoutes,
  customizedRoutes,
  seoRoutes,
];
