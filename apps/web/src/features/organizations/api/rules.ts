import { api } from '@/lib/api-client';
import { useOrgWrite } from './orgs';

export interface OrgRules {
  /** Yuan; 0: every order; null: no approval by amount. */
  approvalOver: number | null;
  regulatedNeedsSafety: boolean;
}

/** PUT /client/v1/orgs/{id}/rules (admins). */
export const useSaveRules = (orgId: number) =>
  useOrgWrite(orgId, (body: OrgRules) => api.put(`/client/v1/orgs/${orgId}/rules`, body));
