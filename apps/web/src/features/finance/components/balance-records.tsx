import { useState } from 'react';
import {
  BALANCE_BUSINESS_LABEL,
  BALANCE_TYPE_LABEL,
  BalanceType,
  formatDateTime,
  UI,
} from '@labshop/shared';
import type { BalanceRecord } from '@labshop/shared/schemas';
import { cn } from '@/components/ui/cn';
import { DateRange, dayRangeParams, type DateRangeValue } from '@/components/ui/date-range';
import { Empty } from '@/components/ui/empty';
import { Pagination } from '@/components/ui/pagination';
import { Price } from '@/components/ui/price';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useBalanceRecords } from '../api/get-balance-records';
import { useUserInfo } from '../api/get-user-info';
import { signedAmount } from '../lib/amount';

interface Choice {
  type: string;
  business: string;
  dates: DateRangeValue;
}
const NONE: Choice = { type: '', business: '', dates: { from: '', to: '' } };
const num = (v: string) => (v === '' ? undefined : Number(v));

function Options({ label, names }: { label: string; names: Record<number, string> }) {
  return (
    <>
      <option value="">{label}</option>
      {Object.entries(names).map(([v, name]) => (
        <option key={v} value={v}>
          {name}
        </option>
      ))}
    </>
  );
}

const COLUMNS = 'md:grid-cols-[160px_72px_96px_120px_120px_minmax(0,1fr)]';
const reset = 'md:col-span-1 md:col-start-auto md:row-start-auto';

function RecordRow({ r }: { r: BalanceRecord }) {
  const income = r.type === BalanceType.INCOME;
  const business = BALANCE_BUSINESS_LABEL[r.business] ?? '--';
  return (
    <li
      data-testid="balance-record"
      className={`grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-0.5 px-3 py-3 text-sm md:items-center ${COLUMNS}`}
    >
      <span className={`col-start-1 row-start-1 text-gray-500 ${reset}`}>
        {formatDateTime(r.createTime)}
      </span>
      <span className={`col-start-1 row-start-2 text-gray-800 ${reset}`}>
        {BALANCE_TYPE_LABEL[r.type] ?? '--'}
        <span className="md:hidden"> · {business}</span>
      </span>
      <span className="hidden text-gray-800 md:block">{business}</span>
      <span
        className={cn(
          `col-start-2 row-start-1 text-right font-semibold ${reset}`,
          income ? 'text-primary' : 'text-orange-600',
        )}
        data-testid="balance-amount"
      >
        {signedAmount(r)}
      </span>
      <span className={`col-start-2 row-start-2 text-right text-gray-700 ${reset}`}>
        <span className="text-xs text-gray-400 md:hidden">余额 </span>
        <Price value={r.balanceAfter} />
      </span>
      <span
        className={`col-span-2 row-start-3 text-xs break-all text-gray-500 md:text-sm ${reset}`}
      >
        {r.remark || '--'}
      </span>
    </li>
  );
}

/** 我的余额 (account page 3-1): current balance, and records by type, business and dates. */
export function BalanceRecords() {
  const info = useUserInfo();
  const [choice, setChoice] = useState<Choice>(NONE);
  const [page, setPage] = useState(1);
  const filters = {
    type: num(choice.type),
    business: num(choice.business),
    ...dayRangeParams(choice.dates),
  };
  const records = useBalanceRecords(filters, page);
  const change = (patch: Partial<Choice>) => {
    setChoice((c) => ({ ...c, ...patch }));
    setPage(1);
  };
  const data = records.data;

  return (
    <section className="flex flex-col gap-4">
      <h2 className="border-b border-gray-100 pb-3 text-lg font-semibold text-gray-900">
        我的余额
      </h2>
      <div className="rounded bg-primary-50 px-4 py-4">
        <p className="text-sm text-gray-600">当前余额</p>
        <p className="text-2xl font-semibold text-primary" data-testid="current-balance">
          {info.data ? <Price value={info.data.balance} /> : '--'}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Select
          aria-label="收支类型"
          value={choice.type}
          onChange={(e) => change({ type: e.target.value })}
        >
          <Options label="全部收支" names={BALANCE_TYPE_LABEL} />
        </Select>
        <Select
          aria-label="业务类型"
          value={choice.business}
          onChange={(e) => change({ business: e.target.value })}
        >
          <Options label="全部业务" names={BALANCE_BUSINESS_LABEL} />
        </Select>
        <DateRange
          value={choice.dates}
          onChange={(dates) => change({ dates })}
          className="w-full sm:w-auto"
        />
        {(choice.type || choice.business || choice.dates.from || choice.dates.to) && (
          <button
            type="button"
            className="text-sm text-gray-500 hover:text-primary"
            onClick={() => change(NONE)}
          >
            重置
          </button>
        )}
      </div>
      <div className="rounded border border-gray-200">
        <div
          className={`hidden gap-x-4 border-b border-gray-200 bg-gray-50 px-3 py-2 text-sm text-gray-500 md:grid ${COLUMNS}`}
        >
          <span>时间</span>
          <span>类型</span>
          <span>业务</span>
          <span className="text-right">金额</span>
          <span className="text-right">余额</span>
          <span>备注</span>
        </div>
        {records.isPending ? (
          <Spinner />
        ) : !data || data.records.length === 0 ? (
          <Empty />
        ) : (
          <ul className="divide-y divide-gray-100" aria-busy={records.isFetching}>
            {data.records.map((r) => (
              <RecordRow key={r.id} r={r} />
            ))}
          </ul>
        )}
      </div>
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

export default BalanceRecords;
