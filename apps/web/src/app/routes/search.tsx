import { useSearchParams } from 'react-router';
import { UI } from '@labshop/shared';
import { Empty } from '@/components/ui/empty';
import { Pagination } from '@/components/ui/pagination';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { AddToCart } from '@/features/cart/components/add-to-cart';
import { useSearchBrands } from '@/features/catalogue/api/get-brands';
import { useSearchRelations } from '@/features/catalogue/api/get-relations';
import { useSearchProducts } from '@/features/catalogue/api/search-products';
import { BrandFilter } from '@/features/catalogue/components/brand-filter';
import { RelationList } from '@/features/catalogue/components/relation-list';
import { SearchResultCard } from '@/features/catalogue/components/search-result-card';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useSearchNavigate } from '@/hooks/use-search-navigate';
import { LoadFailed } from '@/components/ui/load-failed';

const positiveInt = (v: string | null): number | null => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

const addToCart = (materialId: number) => <AddToCart materialId={materialId} />;

export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const key = (params.get('name') ?? '').trim();
  const brandId = positiveInt(params.get('brandId'));
  const page = positiveInt(params.get('page')) ?? 1;
  const search = useSearchNavigate();
  useDocumentMeta(key ? `${key} 搜索结果` : '搜索');

  const relations = useSearchRelations(key);
  const brands = useSearchBrands(key);
  const results = useSearchProducts({ key, brandId, page });

  const update = (next: { brandId?: number | null; page?: number }) => {
    const q = new URLSearchParams({ name: key });
    const b = next.brandId === undefined ? brandId : next.brandId;
    const p = next.page ?? 1;
    if (b !== null) q.set('brandId', String(b));
    if (p > 1) q.set('page', String(p));
    setParams(q);
  };

  const data = results.data;
  return (
    <div className="mx-auto grid max-w-[1266px] gap-4 px-4 py-6 lg:grid-cols-[220px_minmax(0,1fr)]">
      {/* On phones the list sits under the results: shown once they are in, so it never jumps. */}
      <aside className={cn('order-2 lg:order-1', results.isPending && 'max-lg:hidden')}>
        <RelationList items={relations.data} current={key} onSearch={search} />
      </aside>
      <div className="order-1 flex min-w-0 flex-col gap-4 lg:order-2">
        <BrandFilter
          brands={brands.data}
          selected={brandId}
          onSelect={(b) => update({ brandId: b })}
        />
        <p className="text-sm text-gray-500">
          搜索 “<strong className="text-gray-900">{key}</strong>”
          {data && (
            <>
              ，共找到 <strong className="text-primary">{data.total}</strong> 个商品
            </>
          )}
        </p>
        {!key ? (
          <Empty text="请输入搜索内容" />
        ) : results.isPending ? (
          <Spinner />
        ) : results.isError ? (
          <LoadFailed onRetry={() => void results.refetch()} retrying={results.isFetching} />
        ) : !data || data.records.length === 0 ? (
          <Empty text="暂无相关" />
        ) : (
          <>
            <div
              className={results.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
            >
              <ul className="flex flex-col gap-4">
                {data.records.map((p) => (
                  <li key={p.id}>
                    <SearchResultCard product={p} onSearch={search} action={addToCart} />
                  </li>
                ))}
              </ul>
            </div>
            <Pagination
              current={data.current}
              size={data.size || UI.searchPageSize}
              total={data.total}
              onChange={(p) => update({ page: p })}
            />
          </>
        )}
      </div>
    </div>
  );
}
