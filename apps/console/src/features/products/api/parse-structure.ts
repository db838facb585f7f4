import { useSubmitMutation } from '@labshop/api-client/react';
import type { ParsedStructure } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/**
 * POST /manage/v1/chemistry/parse: formula, weight and InChIKey of a SMILES or molfile, read on
 * the server so the chemistry library stays out of the console bundle.
 */
export function useParseStructure() {
  return useSubmitMutation({
    mutationFn: (body: { structure: string; formula: string }) =>
      api.post<ParsedStructure>('/manage/v1/chemistry/parse', body, { silent: true }),
  });
}
