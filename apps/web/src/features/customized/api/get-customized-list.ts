import type { Customized } from '@labshop/shared/schemas';
import { usePagedQuery } from '@/hooks/use-paged-query';

/** GET /client/v1/customized: the member's custom requests, 20 per page, newest first. */
export function useCustomizedList(range: { startTime?: number; endTime?: number }, page: number) {
  return usePagedQuery<Customized>(['customized', 'list'], '/client/v1/customized', range, page);
}
