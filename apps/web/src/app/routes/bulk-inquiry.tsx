import { HOTLINE } from '@labshop/shared';
import { BulkInquiryForm } from '@/features/forms/components/bulk-inquiry-form';
import { useDocumentMeta } from '@/hooks/use-document-meta';

const STEPS = ['提交询价需求', '专属顾问联系', '确认报价', '下单发货'];

export default function BulkInquiryPage() {
  useDocumentMeta('批量询价');
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <section className="overflow-hidden rounded-lg border border-gray-100 bg-white shadow-sm">
        <header className="bg-gradient-to-r from-primary to-primary-light px-4 py-6 text-white sm:px-8">
          <h1 className="text-xl font-semibold">批量询价</h1>
          <p className="mt-1 text-sm leading-6 text-white/90">
            批量采购、整单报价或长期供货需求，请填写以下信息，我们的销售顾问会尽快与您联系。
            也可致电{' '}
            <a href={`tel:${HOTLINE}`} className="font-medium underline">
              {HOTLINE}
            </a>
          </p>
        </header>
        <ol className="grid grid-cols-2 gap-3 border-b border-gray-100 px-4 py-4 text-sm sm:grid-cols-4 sm:px-8">
          {STEPS.map((s, i) => (
            <li key={s} className="flex items-center gap-2 text-gray-600">
              <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-primary-50 text-xs font-semibold text-primary">
                {i + 1}
              </span>
              {s}
            </li>
          ))}
        </ol>
        <div className="px-4 py-6 sm:px-8">
          <div className="max-w-2xl">
            <BulkInquiryForm />
          </div>
        </div>
      </section>
    </div>
  );
}
