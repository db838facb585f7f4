import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OrgAddress, OrgInvoice, orgAddressBody } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { orgKeys } from './keys';
import { useOrgWrite } from './orgs';

/** GET /client/v1/orgs/{id}/addresses: delivery addresses every member may order to. */
export function useOrgAddresses(orgId: number | null) {
  return useQuery({
    queryKey: orgKeys.addresses(orgId ?? 0),
    queryFn: () => api.get<OrgAddress[]>(`/client/v1/orgs/${orgId}/addresses`),
    enabled: orgId !== null,
  });
}

/** POST /client/v1/orgs/{id}/addresses. */
export const useAddOrgAddress = (orgId: number) =>
  useOrgWrite(orgId, (body: z.input<typeof orgAddressBody>) =>
    api.post<OrgAddress>(`/client/v1/orgs/${orgId}/addresses`, body),
  );

/** GET /client/v1/orgs/{id}/invoice: the organization's invoice title. */
export function useOrgInvoice(orgId: number | null) {
  return useQuery({
    queryKey: orgKeys.invoice(orgId ?? 0),
    queryFn: () => api.get<OrgInvoice>(`/client/v1/orgs/${orgId}/invoice`),
    enabled: orgId !== null,
  });
}

/** PUT /client/v1/orgs/{id}/invoice (admins). */
export const useSaveOrgInvoice = (orgId: number) =>
  useOrgWrite(orgId, (body: OrgInvoice) => api.put(`/client/v1/orgs/${orgId}/invoice`, body));
