import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { ImportProgress, ImportResult } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /manage/v1/products/import (multipart `file`, `dryRun`), streamed: `progress` follows the
 * rows the server has checked and written while the import runs.
 */
export function useImportProducts() {
  const client = useQueryClient();
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const mutation = useSubmitMutation({
    mutationFn: async (vars: { file: File; dryRun: boolean }) => {
      setProgress(null);
      const form = new FormData();
      form.append('dryRun', String(vars.dryRun));
      form.append('file', vars.file);
      return api.uploadLines<ImportResult, ImportProgress>(
        '/manage/v1/products/import',
        form,
        setProgress,
      );
    },
    onSuccess: (res, vars) => {
      if (!vars.dryRun && res.ok) void client.invalidateQueries({ queryKey: queryKeys.products });
    },
  });
  return { ...mutation, progress, clearProgress: () => setProgress(null) };
}
