import { useSubmitMutation } from '@labshop/api-client/react';
import type { FeedbackBody } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** The about page's online message. */
export function useCreateFeedback() {
  return useSubmitMutation({
    mutationFn: (body: FeedbackBody) => api.post<unknown>('/client/v1/feedbacks', body),
  });
}
