import { useEffect } from 'react';
import type { OrgSummary } from '@labshop/shared/schemas';
import { useBuyingFor, useChooseBuyingFor } from '@/lib/buying-for';
import { mayOrder } from '../lib/roles';
import { useOrgs } from './orgs';

/** The storefront-wide choice of whom the member buys for (lib/buying-for.ts), checked. */
export interface BuyingFor {
  /** The organizations the member may order for. */
  ordering: OrgSummary[];
  /** The chosen organization, or null (个人) when none is chosen or it is not one of them. */
  orgId: number | null;
  choose: (orgId: number | null) => void;
}

/**
 * The member's choice, checked against their organizations: a choice of an organization they
 * are no longer in (or may no longer order for) falls back to 个人, and is forgotten.
 */
export function useBuyingForOrg(): BuyingFor {
  const orgs = useOrgs();
  const chosen = useBuyingFor();
  const choose = useChooseBuyingFor();
  const ordering = (orgs.data ?? []).filter((o) => mayOrder(o.role));
  const valid = chosen !== null && ordering.some((o) => o.id === chosen);
  const stale = orgs.isSuccess && chosen !== null && !valid;
  useEffect(() => {
    if (stale) choose(null);
  }, [stale, choose]);
  return { ordering, orgId: valid ? chosen : null, choose };
}
