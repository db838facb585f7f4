import { useSubmitMutation } from '@labshop/api-client/react';
import type { SdsImportResult } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/**
 * POST /manage/v1/products/sds/import: a zip of `<货号>.pdf` (中文) and `<货号>-en.pdf` (英文)
 * safety data sheets, each stored as the new version of its product's sheet. The report comes
 * back whether every file was stored or some were not.
 */
export function useImportSds() {
  return useSubmitMutation({
    mutationFn: async (v: { file: File; version: string; revisedAt: number }) => {
      const form = new FormData();
      form.append('version', v.version);
      form.append('revisedAt', String(v.revisedAt));
      form.append('file', v.file);
      const res = await api.upload<SdsImportResult>('/manage/v1/products/sds/import', form);
      return { msg: res.msg, result: res.data };
    },
  });
}
