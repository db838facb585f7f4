import type { QueryClient } from '@tanstack/react-query';
import { stockWriteKeys } from '@/lib/query-keys';

/** After a stock write: the counts, the lots and the documents all show it. */
export function refreshStock(client: QueryClient) {
  return Promise.all(stockWriteKeys.map((queryKey) => client.invalidateQueries({ queryKey })));
}
