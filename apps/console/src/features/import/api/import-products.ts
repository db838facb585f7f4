import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** POST /manage/v1/products/import (multipart `file`, `dryRun`). */
export function useImportProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (vars: { file: File; dryRun: boolean }) => {
      const form = new FormData();
      form.append('dryRun', String(vars.dryRun));
      form.append('file', vars.file);
      return api.upload<ImportResult>('/manage/v1/products/import', form);
    },
    onSuccess: (res, vars) => {
      if (!vars.dryRun && res.ok) void client.invalidateQueries({ queryKey: ['products'] });
    },
  });
}
