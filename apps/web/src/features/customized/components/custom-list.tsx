import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime, UI } from '@labshop/shared';
import { DateRange, dayRangeParams, type DateRangeValue } from '@/components/ui/date-range';
import { Empty } from '@/components/ui/empty';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { useCustomizedList } from '../api/get-customized-list';
import { CustomStatus } from './custom-status';

/** 我的定制 (account page 2-3): the member's custom requests by date, 20 per page. */
export function CustomList() {
  const [dates, setDates] = useState<DateRangeValue>({ from: '', to: '' });
  const [page, setPage] = useState(1);
  const list = useCustomizedList(dayRangeParams(dates), page);
  const data = list.data;

  return (
    <section className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3 border-b border-gray-100 pb-3">
        <h2 className="text-lg font-semibold text-gray-900">我的定制</h2>
        <Link
          to="/customizing"
          className="rounded bg-primary px-3 py-1.5 text-sm text-white hover:bg-primary-dark"
        >
          新增定制
        </Link>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <DateRange
          value={dates}
          onChange={(d) => {
            setDates(d);
            setPage(1);
          }}
          className="w-full sm:w-auto"
        />
        {(dates.from || dates.to) && (
          <button
            type="button"
            className="text-sm text-gray-500 hover:text-primary"
            onClick={() => {
              setDates({ from: '', to: '' });
              setPage(1);
            }}
          >
            重置
          </button>
        )}
      </div>
      {list.isPending ? (
        <Spinner />
      ) : !data || data.records.length === 0 ? (
        <Empty />
      ) : (
        <ul className="flex flex-col gap-3" aria-busy={list.isFetching}>
          {data.records.map((c) => (
            <li
              key={c.id}
              className="rounded border border-gray-200 text-sm"
              data-testid="custom-item"
            >
              <div className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-gray-200 bg-gray-50 px-4 py-2 text-gray-500">
                <span>{formatDateTime(c.createTime)}</span>
                <span className="break-all">{c.company}</span>
                <span className="ml-auto">
                  <CustomStatus status={c.status} />
                </span>
              </div>
              <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <p className="min-w-0 flex-1 break-all text-gray-800">
                  {c.goodsList
                    .slice(0, 3)
                    .map((g) => `${g.name}（${g.pack} × ${g.quantity}）`)
                    .join('、')}
                  {c.goodsList.length > 3 && ` 等 ${c.goodsList.length} 种`}
                </p>
                <Link
                  to={`/customizing/${c.id}`}
                  className="rounded border border-primary px-3 py-1.5 whitespace-nowrap text-primary hover:bg-primary-50"
                >
                  查看详情
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      {data && (
        <Pagination
          current={page}
          size={UI.accountListPageSize}
          total={data.total}
          onChange={setPage}
        />
      )}
    </section>
  );
}

export default CustomList;
