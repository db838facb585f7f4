import type { OrgRole } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { useOrgWrite } from './orgs';

/** POST /client/v1/orgs/{id}/members: adds a registered member by phone or email (admins). */
export const useAddMember = (orgId: number) =>
  useOrgWrite(orgId, (body: { account: string; role: OrgRole }) =>
    api.post(`/client/v1/orgs/${orgId}/members`, body),
  );

/** PUT /client/v1/orgs/{id}/members/{userId}: the last admin cannot be demoted. */
export const useChangeRole = (orgId: number) =>
  useOrgWrite(orgId, ({ userId, role }: { userId: number; role: OrgRole }) =>
    api.put(`/client/v1/orgs/${orgId}/members/${userId}`, { role }),
  );

/** DELETE /client/v1/orgs/{id}/members/{userId}: removes a member, or the caller leaves. */
export const useRemoveMember = (orgId: number) =>
  useOrgWrite(orgId, (userId: number) => api.delete(`/client/v1/orgs/${orgId}/members/${userId}`));
