import type { ConsoleArea } from '@/lib/console-area';
import { dashboardArea } from '@/features/dashboard';
import { ordersArea } from '@/features/orders';
import { quotesArea } from '@/features/quotes';
import { fapiaoArea } from '@/features/fapiao';
import { bankStatementsArea } from '@/features/bank-statements';
import { membersArea } from '@/features/members';
import { organizationsArea } from '@/features/organizations';
import { inboxArea } from '@/features/inbox';
import { staffArea } from '@/features/staff';
import { auditArea } from '@/features/audit';
import { productsArea } from '@/features/products';
import { priceListsArea } from '@/features/price-lists';
import { importArea } from '@/features/import';
import { coaArea } from '@/features/coa';
import { contentArea } from '@/features/content';
import { lotsArea, stockArea } from '@/features/stock';
import { categoriesArea } from '@/features/categories';
import { brandsArea } from '@/features/brands';
import { warehousesArea } from '@/features/warehouses';
import { synonymsArea } from '@/features/synonyms';
import { settingsArea } from '@/features/settings';
import { outboxArea, templatesArea } from '@/features/notifications';
import { complianceArea } from '@/features/compliance';
import { punchoutArea } from '@/features/punchout';
import { shippingArea } from '@/features/shipping';

/** Every console area in menu order; the menu shows those the staff's roles allow. */
export const areas: ConsoleArea[] = [
  dashboardArea,
  ordersArea,
  quotesArea,
  fapiaoArea,
  bankStatementsArea,
  complianceArea,
  membersArea,
  organizationsArea,
  punchoutArea,
  productsArea,
  priceListsArea,
  categoriesArea,
  brandsArea,
  synonymsArea,
  importArea,
  coaArea,
  stockArea,
  lotsArea,
  warehousesArea,
  shippingArea,
  contentArea,
  settingsArea,
  inboxArea,
  outboxArea,
  templatesArea,
  staffArea,
  auditArea,
];
