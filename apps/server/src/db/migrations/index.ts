import type { Migration } from 'kysely';
import * as m0001 from './0001-initial.ts';
import * as m0002 from './0002-search-index.ts';
import * as m0003 from './0003-hardening.ts';
import * as m0004 from './0004-console.ts';
import * as m0005 from './0005-catalogue-writes.ts';
import * as m0006 from './0006-payments.ts';
import * as m0007 from './0007-structures.ts';
import * as m0008 from './0008-ledgers.ts';
import * as m0009 from './0009-notifications.ts';
import * as m0010 from './0010-procurement.ts';
import * as m0011 from './0011-compliance.ts';
import * as m0012 from './0012-staff-security.ts';
import * as m0015 from './0015-held-stock.ts';
import * as m0016 from './0016-lots.ts';
import * as m0017 from './0017-bank-transfers.ts';
import * as m0018 from './0018-order-refunds.ts';
import * as m0019 from './0019-stray-refunds.ts';
import * as m0020 from './0020-money-routing.ts';
import * as m0021 from './0021-regulation-classes.ts';
import * as m0022 from './0022-compliance-operations.ts';
import * as m0023 from './0023-file-store.ts';
import * as m0024 from './0024-safety-data-sheets.ts';
import * as m0025 from './0025-organizations.ts';
import * as m0027 from './0027-shipping-classes.ts';
import * as m0028 from './0028-punchout.ts';
import * as m0029 from './0029-price-lists.ts';
import * as m0030 from './0030-credit.ts';
import * as m0031 from './0031-bank-statements.ts';
import * as m0032 from './0032-structure-fingerprints.ts';
import * as m0033 from './0033-budget-use-index.ts';

/** Every migration, in order. Add new files here; never edit a landed one. */
export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-search-index': m0002,
  '0003-hardening': m0003,
  '0004-console': m0004,
  '0005-catalogue-writes': m0005,
  '0006-payments': m0006,
  '0007-structures': m0007,
  '0008-ledgers': m0008,
  '0009-notifications': m0009,
  '0010-procurement': m0010,
  '0011-compliance': m0011,
  '0012-staff-security': m0012,
  '0015-held-stock': m0015,
  '0016-lots': m0016,
  '0017-bank-transfers': m0017,
  '0018-order-refunds': m0018,
  '0019-stray-refunds': m0019,
  '0020-money-routing': m0020,
  '0021-regulation-classes': m0021,
  '0022-compliance-operations': m0022,
  '0023-file-store': m0023,
  '0024-safety-data-sheets': m0024,
  '0025-organizations': m0025,
  '0027-shipping-classes': m0027,
  '0028-punchout': m0028,
  '0029-price-lists': m0029,
  '0030-credit': m0030,
  '0031-bank-statements': m0031,
  '0032-structure-fingerprints': m0032,
  '0033-budget-use-index': m0033,
};
