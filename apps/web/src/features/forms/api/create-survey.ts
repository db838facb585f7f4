import { useSubmitMutation } from '@labshop/api-client/react';
import type { Checkin, SurveyBody } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** Event check-in; answers the check-in number and time. */
export function useCreateSurvey() {
  return useSubmitMutation({
    mutationFn: (body: SurveyBody) => api.post<Checkin>('/yifanglab-client/v1/survey', body),
  });
}
