import { useState } from 'react';
import { formatDateTime } from '@labshop/shared';
import type { Checkin } from '@labshop/shared/schemas';
import { useCompany } from '@/hooks/use-company';
import { SurveyForm } from '@/features/forms/components/survey-form';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** Event check-in: a standalone page for phones, outside the main layout. */
export default function SurveyPage() {
  const [result, setResult] = useState<Checkin | null>(null);
  const { data: company } = useCompany();

  useDocumentMeta('活动签到');
  return (
    <div className="min-h-screen bg-gradient-to-b from-primary via-primary-light/60 to-gray-50 px-4 pb-10 pt-8">
      <div className="mx-auto w-full max-w-md">
        <header className="mb-6 text-center text-white">
          {company?.name && <p className="text-sm text-white/85">{company.name}</p>}
          <h1 className="mt-1 text-2xl font-semibold tracking-wide">活动签到</h1>
        </header>
        <main className="rounded-2xl bg-white p-5 shadow-lg sm:p-7">
          {result ? (
            <CheckinDone result={result} />
          ) : (
            <>
              <p className="mb-5 text-sm leading-6 text-gray-500">
                欢迎参加本次活动，请填写以下信息完成签到。
              </p>
              <SurveyForm onDone={setResult} />
            </>
          )}
        </main>
      </div>
    </div>
  );
}

function CheckinDone({ result }: { result: Checkin }) {
  return (
    <div role="status" className="flex flex-col items-center py-4 text-center">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-primary-50 text-primary">
        <svg
          viewBox="0 0 24 24"
          className="h-9 w-9"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          aria-hidden="true"
        >
          <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <h2 className="mt-4 text-xl font-semibold text-gray-900">签到成功</h2>
      <dl className="mt-6 w-full divide-y divide-gray-100 rounded-lg bg-gray-50 text-left text-sm">
        <div className="flex items-center justify-between gap-4 px-4 py-3">
          <dt className="text-gray-500">签到编号</dt>
          <dd className="text-lg font-semibold tracking-wider text-primary">{result.number}</dd>
        </div>
        <div className="flex items-center justify-between gap-4 px-4 py-3">
          <dt className="text-gray-500">签到时间</dt>
          <dd className="tabular-nums text-gray-800">{formatDateTime(result.time)}</dd>
        </div>
      </dl>
      <p className="mt-5 text-xs text-gray-400">请保留此页面或截图，以便现场核验。</p>
    </div>
  );
}
