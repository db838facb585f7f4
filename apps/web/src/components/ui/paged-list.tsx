import type { ReactNode } from 'react';
import { UI, type Paged } from '@labshop/shared';
import { Empty } from './empty';
import { Pagination } from './pagination';
import { Spinner } from './spinner';
import { LoadFailed } from './load-failed';

/** What a paged list shows from its query (a react-query result fits). */
interface PagedResult<T> {
  data?: Paged<T>;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * A spinner while the first page loads, a retry when it failed, 暂无数据 when there is nothing,
 * else the records.
 */
export function PageRecords<T>({
  result,
  children,
}: {
  result: PagedResult<T>;
  /** `busy` is true while another page or filter is loading over the shown records. */
  children: (records: T[], busy: boolean) => ReactNode;
}) {
  if (result.isPending) return <Spinner />;
  if (result.isError && !result.data) {
    return <LoadFailed onRetry={() => void result.refetch()} retrying={result.isFetching} />;
  }
  if (!result.data || result.data.records.length === 0) return <Empty />;
  return children(result.data.records, result.isFetching);
}

/** Page links of a member's list (20 per page) once its first page is there. */
export function PageLinks({
  result,
  page,
  onChange,
}: {
  result: PagedResult<unknown>;
  page: number;
  onChange: (page: number) => void;
}) {
  if (!result.data) return null;
  return (
    <Pagination
      current={page}
      size={UI.accountListPageSize}
      total={result.data.total}
      onChange={onChange}
    />
  );
}
