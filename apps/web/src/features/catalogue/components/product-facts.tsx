import type { ReactNode } from 'react';
import type { ProductDetail } from '@labshop/shared/schemas';
import { Formula } from '@/components/ui/formula';
import { parseAttributes } from '../lib/attributes';

/**
 * 商品详情: identifiers (CAS, MDL, SMILES, InChIKey where known), national standard, purity and
 * the extra attributes of the JSON attributes text.
 */
export function ProductFacts({ product }: { product: ProductDetail }) {
  const rows: Array<[string, ReactNode]> = [
    ['中文名称', product.name],
    ['英文名称', product.nameEn],
    ['CAS号', product.cas],
    ['分子式', product.molecularFormula && <Formula value={product.molecularFormula} />],
    ['分子量', product.molecularWeight],
    ['MDL号', product.mdl],
    ['SMILES', product.smiles && <code className="break-all">{product.smiles}</code>],
    ['InChIKey', product.inchiKey && <code className="break-all">{product.inchiKey}</code>],
    ['国家标准', product.nationalStandard],
    ['纯度', product.purity],
    ['储存温度', product.temperature],
    ...parseAttributes(product.attributes).map((a): [string, ReactNode] => [a.label, a.value]),
  ];
  return (
    <section aria-labelledby="facts-title" className="rounded-md border border-gray-200 bg-white">
      <h2
        id="facts-title"
        className="border-b border-gray-200 px-4 py-2.5 text-base font-semibold text-gray-900"
      >
        商品详情
      </h2>
      <dl className="grid text-sm sm:grid-cols-2" data-testid="product-facts">
        {rows.map(([label, value], i) => (
          <div key={`${label}-${i}`} className="flex border-b border-gray-100 sm:odd:border-r">
            <dt className="w-24 shrink-0 bg-gray-50 px-3 py-2 text-gray-500 sm:w-28">{label}</dt>
            <dd className="min-w-0 flex-1 px-3 py-2 break-words text-gray-800">{value || '--'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
