import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/*
 * POST /manage/v1/coa: one certificate of analysis (PDF) of an item and lot. 分析证书 uploads
 * many files one by one; a lot's detail (批次管理) uploads the certificate of that lot.
 */

export type CoaFields = {
  productNumber: string;
  lotNumber: string;
  /** YYYY-MM-DD */
  expire: string;
};

/** One certificate; an empty lot is read from the file name. Errors are the caller's to show. */
export function uploadCoa(file: File, fields: CoaFields) {
  return api.upload<{ id: number }>('/manage/v1/coa', toForm(file, fields), { silent: true });
}

/** The certificate of one lot, as one staff action; refreshes the certificates and the lots. */
export function useUploadCoa() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (vars: { file: File } & CoaFields) => {
      const { file, ...fields } = vars;
      return api.upload<{ id: number }>('/manage/v1/coa', toForm(file, fields));
    },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.coa }),
        client.invalidateQueries({ queryKey: queryKeys.lots }),
      ]),
  });
}

function toForm(file: File, fields: CoaFields): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', file);
  return form;
}
