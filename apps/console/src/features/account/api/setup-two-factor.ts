import { useSubmitMutation } from '@labshop/api-client/react';
import type { StaffTwoFactorSetup } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** POST /manage/v1/staff/me/two-factor/setup: a new secret and its QR code. */
export function useSetupTwoFactor() {
  return useSubmitMutation({
    mutationFn: () => api.post<StaffTwoFactorSetup>('/manage/v1/staff/me/two-factor/setup'),
  });
}
