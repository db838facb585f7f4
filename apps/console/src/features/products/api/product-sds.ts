import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { SdsLanguage } from '@labshop/shared';
import type { ManageSds } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/products/{id}/sds: every stored version, newest first per language. */
export function useProductSds(productId: number) {
  return useQuery({
    queryKey: queryKeys.productSds(productId),
    queryFn: () => api.get<ManageSds[]>(`/manage/v1/products/${productId}/sds`),
  });
}

export interface SdsUpload {
  file: File;
  language: SdsLanguage;
  version: string;
  revisedAt: number;
}

/** POST /manage/v1/products/{id}/sds: a new version, current at once. */
export function useUploadSds(productId: number) {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: async ({ file, language, version, revisedAt }: SdsUpload) => {
      const form = new FormData();
      form.append('language', language);
      form.append('version', version);
      form.append('revisedAt', String(revisedAt));
      form.append('file', file);
      const res = await api.upload<{ id: number }>(`/manage/v1/products/${productId}/sds`, form);
      return res.data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.productSds(productId) }),
  });
}

/** A stored version, opened with the staff token (the storefront's link needs the product on sale). */
export function downloadSds(sheet: ManageSds, number: string) {
  return api.download(sheet.url, undefined, `${number}-SDS-${sheet.language}-${sheet.version}.pdf`);
}
