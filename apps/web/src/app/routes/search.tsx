import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { UI } from '@labshop/shared';
import { Empty } from '@/components/ui/empty';
import { Pagination } from '@/components/ui/pagination';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { AddToCart } from '@/features/cart/components/add-to-cart';
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

// The structure editor is large: it loads only when the structure tab is opened.
const StructureSearchTab = lazy(() => import('./search-structure'));

function SearchTabs({ structure, term }: { structure: boolean; term: string }) {
  const tab = (active: boolean) =>
    cn(
      'border-b-2 px-4 py-2 text-sm',
      active ? 'border-primary font-semibold text-primary' : 'border-transparent text-gray-600',
    );
  return (
    <nav className="flex border-b border-gray-200" aria-label="搜索方式">
      <Link
        to={term ? `/search?name=${encodeURIComponent(term)}` : '/search'}
        className={tab(!structure)}
        aria-current={structure ? undefined : 'page'}
      >
        文字搜索
      </Link>
      <Link
        to="/search?tab=structure"
        className={tab(structure)}
        aria-current={structure ? 'page' : undefined}
      >
        结构搜索
      </Link>
    </nav>
  );
}

export default function SearchPage() {
  const [params] = useSearchParams();
  if (params.get('tab') === 'structure') {
    return (
      <div className="mx-auto flex max-w-[1266px] flex-col gap-4 px-4 py-6">
        <SearchTabs structure term="" />
        <Suspense fallback={<Spinner />}>
          <StructureSearchTab />
        </Suspense>
      </div>
    );
  }
  return <TextSearch />;
}

/** 您是否要找: corrections of the term, each a search of its own. */
function DidYouMean({ suggest }: { suggest: string[] }) {
  if (suggest.length === 0) return null;
  return (
    <p className="text-sm text-gray-600" data-testid="did-you-mean">
      您是否要找：
      {suggest.map((s, i) => (
        <span key={s}>
          {i > 0 && '、'}
          <Link
            to={`/search?name=${encodeURIComponent(s)}`}
            className="text-primary hover:underline"
          >
            {s}
          </Link>
        </span>
      ))}
    </p>
  );
}

/** Nothing found: offer a correction, a bulk inquiry or a custom request instead. */
function NoResults({ term, suggest }: { term: string; suggest: string[] }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-md border border-gray-200 bg-white p-6">
      <Empty text="暂无相关" />
      <DidYouMean suggest={suggest} />
      <p className="text-sm text-gray-600">没有找到“{term}”？我们可以为您询价采购或定制：</p>
      <div className="flex gap-3 text-sm">
        <Link
          to="/bulk-inquiry"
          className="rounded border border-primary px-4 py-2 text-primary hover:bg-primary-50"
        >
          批量询价
        </Link>
        <Link
          to="/customizing"
          className="rounded border border-primary px-4 py-2 text-primary hover:bg-primary-50"
        >
          定制合成
        </Link>
      </div>
    </div>
  );
}

function TextSearch() {
  const [params, setParams] = useSearchParams();
  const key = (params.get('name') ?? '').trim();
  const brandId = positiveInt(params.get('brandId'));
  const page = positiveInt(params.get('page')) ?? 1;
  const search = useSearchNavigate();
  useDocumentMeta(key ? `${key} 搜索结果` : '搜索');

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
        <RelationList items={results.data?.relations} current={key} onSearch={search} />
      </aside>
      <div className="order-1 flex min-w-0 flex-col gap-4 lg:order-2">
        <SearchTabs structure={false} term={key} />
        <BrandFilter
          brands={results.data?.brands}
          selected={brandId}
          onSelect={(b) => update({ brandId: b })}
        />
        <h1 className="text-sm font-normal text-gray-500">
          搜索 “<strong className="text-gray-900">{key}</strong>”
          {data && (
            <>
              ，共找到 <strong className="text-primary">{data.total}</strong> 个商品
            </>
          )}
        </h1>
        {!key ? (
          <Empty text="请输入搜索内容" />
        ) : results.isPending ? (
          <Spinner />
        ) : results.isError ? (
          <LoadFailed onRetry={() => void results.refetch()} retrying={results.isFetching} />
        ) : !data || data.records.length === 0 ? (
          <NoResults term={key} suggest={data?.suggest ?? []} />
        ) : (
          <>
            <DidYouMean suggest={data.suggest ?? []} />
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
