import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { z } from 'zod';
import type { MessageTemplate, messageTemplatePreviewSchema } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type TemplatePreview = z.infer<typeof messageTemplatePreviewSchema>;
export interface TemplateText {
  subject: string;
  body: string;
  sms: string;
}

const base = '/manage/v1/message-templates';

/** GET /manage/v1/message-templates */
export function useTemplates() {
  return useQuery({
    queryKey: queryKeys.messageTemplates,
    queryFn: () => api.get<MessageTemplate[]>(base),
  });
}

/** PUT /manage/v1/message-templates/{event} */
export function useSaveTemplate() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ event, ...text }: TemplateText & { event: string }) =>
      api.put<null>(`${base}/${event}`, text),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.messageTemplates }),
  });
}

/** DELETE /manage/v1/message-templates/{event}: back to the shop's default text. */
export function useResetTemplate() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (event: string) => api.delete<null>(`${base}/${event}`),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.messageTemplates }),
  });
}

/** POST /manage/v1/message-templates/{event}/preview */
export function usePreviewTemplate() {
  return useSubmitMutation({
    mutationFn: ({ event, ...text }: TemplateText & { event: string; orderId?: number }) =>
      api.post<TemplatePreview>(`${base}/${event}/preview`, text),
  });
}
