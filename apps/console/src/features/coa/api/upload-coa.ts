import { api } from '@/lib/api-client';

/** POST /manage/v1/coa: one certificate; an empty lot is read from the file name. */
export function uploadCoa(
  file: File,
  fields: { productNumber: string; lotNumber: string; expire: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', file);
  return api.upload<{ id: number }>('/manage/v1/coa', form, { silent: true });
}
