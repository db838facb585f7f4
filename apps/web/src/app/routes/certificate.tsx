import { CoaLookup } from '@/features/forms/components/coa-lookup';
import { useDocumentMeta } from '@/hooks/use-document-meta';

export default function CertificatePage() {
  useDocumentMeta('分析证书查询');
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <section className="rounded-lg border border-gray-100 bg-white shadow-sm">
        <header className="border-b border-gray-100 px-4 py-5 sm:px-8">
          <h1 className="text-xl font-semibold text-gray-900">分析证书（COA）查询</h1>
          <p className="mt-1 text-sm leading-6 text-gray-500">
            输入商品货号与批号，即可查询并下载对应批次的分析证书。货号与批号可在商品标签或随货单据上找到。
          </p>
        </header>
        <div className="px-4 py-6 sm:px-8">
          <CoaLookup />
        </div>
      </section>
    </div>
  );
}
