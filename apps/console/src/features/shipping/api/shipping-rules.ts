import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { ShippingRulesAnswer, ShippingRulesInput } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/settings/shipping-classes: carriers and the rule of each class saved so far. */
export function useShippingRules() {
  return useQuery({
    queryKey: queryKeys.shippingRules,
    queryFn: () => api.get<ShippingRulesAnswer>('/manage/v1/settings/shipping-classes'),
  });
}

/** PUT /manage/v1/settings/shipping-classes */
export function useSaveShippingRules() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: ShippingRulesInput) =>
      api.put<null>('/manage/v1/settings/shipping-classes', body),
    // The ship dialog's carriers follow the rules.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.shippingRules }),
        client.invalidateQueries({ queryKey: queryKeys.orderStocks }),
      ]),
  });
}
