import { useMutation } from '@tanstack/react-query';
import type { FeedbackBody } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** The about page's online message. */
export function useCreateFeedback() {
  return useMutation({
    mutationFn: (body: FeedbackBody) => api.post<unknown>('/client/v1/feedbacks', body),
  });
}
