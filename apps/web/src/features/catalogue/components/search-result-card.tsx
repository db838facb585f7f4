import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Formula } from '@/components/ui/formula';
import { RegulationBadge } from '@/components/ui/regulation-badge';
import type { ProductCard } from '@labshop/shared/schemas';
import { ProductImage } from './product-image';
import { PackTable, type PackAction } from './pack-table';
import { SdsLinks } from './sds-links';

/** One search hit: picture, names, description, key facts and its pack sizes. */
export function SearchResultCard({
  product,
  onSearch,
  action,
}: {
  product: ProductCard;
  onSearch: (term: string) => void;
  action: PackAction;
}) {
  const to = `/products/${product.id}`;
  const facts: Array<[string, ReactNode]> = [
    ['品牌', product.brandName || '--'],
    [
      'CAS',
      product.cas ? (
        <button
          type="button"
          className="text-primary hover:underline"
          title={`搜索 ${product.cas}`}
          onClick={() => onSearch(product.cas)}
        >
          {product.cas}
        </button>
      ) : (
        '--'
      ),
    ],
    ['货号', product.number || '--'],
    ['储存温度', product.temperature || '--'],
    ['分子量', product.molecularWeight || '--'],
    ['分子式', <Formula value={product.molecularFormula} />],
  ];
  return (
    <article className="rounded-md border border-gray-200 bg-white p-4" data-testid="search-result">
      <div className="flex gap-4">
        <Link
          to={to}
          className="w-24 shrink-0 self-start overflow-hidden rounded border border-gray-100 sm:w-36"
        >
          <ProductImage src={product.image} alt={product.name} size={144} className="w-full" />
        </Link>
        <div className="min-w-0 flex-1">
          <h3 className="text-base font-semibold text-gray-900">
            <Link to={to} className="hover:text-primary">
              {product.name}
            </Link>
            {product.alias && (
              <span className="ml-2 text-sm font-normal text-gray-500">（{product.alias}）</span>
            )}
            <RegulationBadge category={product.regulation.category} />
          </h3>
          {product.nameEn && (
            <p className="mt-0.5 truncate text-sm text-gray-500">{product.nameEn}</p>
          )}
          {product.introduction && (
            <p className="mt-1 line-clamp-2 text-sm leading-6 text-gray-600">
              {product.introduction}
            </p>
          )}
          <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
            {facts.map(([label, value]) => (
              <div key={label} className="flex min-w-0 gap-1">
                <dt className="shrink-0 text-gray-400">{label}：</dt>
                <dd className="min-w-0 truncate text-gray-700">{value}</dd>
              </div>
            ))}
          </dl>
          <SdsLinks sds={product.sds} className="mt-2" />
        </div>
      </div>
      <div className="mt-4">
        <PackTable materials={product.materials} page="search" action={action} />
      </div>
    </article>
  );
}
