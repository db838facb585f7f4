import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /manage/v1/stores */
export function useStores() {
  return useQuery({
    queryKey: ['stores'],
    queryFn: () => api.get<Array<{ id: number; name: string }>>('/manage/v1/stores'),
  });
}
