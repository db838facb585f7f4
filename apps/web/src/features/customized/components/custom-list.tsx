import { Link } from 'react-router';
import { formatDateTime } from '@labshop/shared';
import { dayRangeParams } from '@/components/ui/date-range';
import { FilterBar } from '@/components/ui/filter-bar';
import { PageLinks, PageRecords } from '@/components/ui/paged-list';
import { useListFilters } from '@/hooks/use-list-filters';
import { useCustomizedList } from '../api/get-customized-list';
import { CustomStatus } from './custom-status';

const NONE = { dates: { from: '', to: '' } };

/** 我的定制 (account page 2-3): the member's custom requests by date, 20 per page. */
export function CustomList() {
  const { choice, change, page, setPage } = useListFilters(NONE);
  const list = useCustomizedList(dayRangeParams(choice.dates), page);

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
      <FilterBar
        dates={choice.dates}
        onDates={(dates) => change({ dates })}
        onReset={() => change(NONE)}
      />
      <PageRecords result={list}>
        {(records, busy) => (
          <ul className="flex flex-col gap-3" aria-busy={busy}>
            {records.map((c) => (
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
      </PageRecords>
      <PageLinks result={list} page={page} onChange={setPage} />
    </section>
  );
}

export default CustomList;
