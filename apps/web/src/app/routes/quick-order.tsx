import { QuickOrderPage } from '@/features/procurement/components/quick-order-page';
import { useDocumentMeta } from '@/hooks/use-document-meta';

export default function QuickOrderRoute() {
  useDocumentMeta('快速下单');
  return (
    <div className="mx-auto max-w-[1266px] px-4 py-6">
      <h1 className="mb-4 text-xl font-semibold">快速下单</h1>
      <QuickOrderPage />
    </div>
  );
}
