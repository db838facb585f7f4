import { Link, useSearchParams } from 'react-router';
import { UI } from '@labshop/shared';
import { cn } from '@/components/ui/cn';
import { Empty } from '@/components/ui/empty';
import { Spinner } from '@/components/ui/spinner';
import {
  useInfiniteProductPart,
  type ProductTag,
} from '@/features/catalogue/api/get-products-part';
import { ProductCard } from '@/features/catalogue/components/product-card';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useNearBottom } from '@/hooks/use-near-bottom';
import { Button } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/load-failed';

const TABS: Array<{ tag: ProductTag; label: string }> = [
  { tag: 'hot', label: '热门' },
  { tag: 'new', label: '最新' },
];

export default function ProductsPage() {
  const [params] = useSearchParams();
  const tag: ProductTag = params.get('tag') === 'new' ? 'new' : 'hot';
  useDocumentMeta(tag === 'new' ? '最新商品' : '热门商品');
  const {
    data,
    isPending,
    isError,
    refetch,
    isFetching,
    fetchNextPage,
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
  } = useInfiniteProductPart(tag);
  const products = data?.pages.flatMap((p) => p.records) ?? [];
  const pageCount = data?.pages.length ?? 0;

  const sentinel = useNearBottom<HTMLDivElement>(
    () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
    UI.scrollThresholdPx,
    `${tag}:${pageCount}:${isFetchingNextPage}`,
    hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
  );

  return (
    <div className="mx-auto max-w-[1266px] px-4 py-6">
      <div
        role="tablist"
        aria-label="商品排序"
        className="mb-5 flex gap-2 border-b border-gray-200"
      >
        {TABS.map((t) => (
          <Link
            key={t.tag}
            role="tab"
            aria-selected={t.tag === tag}
            to={`/products?tag=${t.tag}`}
            replace
            className={cn(
              '-mb-px border-b-2 px-5 py-2.5 text-[15px]',
              t.tag === tag
                ? 'border-primary font-semibold text-primary'
                : 'border-transparent text-gray-600 hover:text-primary',
            )}
          >
            {t.label}
          </Link>
        ))}
      </div>

      {isPending ? (
        <Spinner />
      ) : isError && products.length === 0 ? (
        <LoadFailed onRetry={() => void refetch()} retrying={isFetching} />
      ) : products.length === 0 ? (
        <Empty />
      ) : (
        <ul
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5"
          data-testid="product-grid"
        >
          {products.map((p) => (
            <li key={p.id}>
              <ProductCard product={p} />
            </li>
          ))}
        </ul>
      )}

      <div ref={sentinel} className="h-px" aria-hidden />
      {isFetchingNextPage && <Spinner />}
      {isFetchNextPageError && !isFetchingNextPage && (
        <p className="py-6 text-center text-sm text-gray-500">
          加载失败，
          <button
            type="button"
            className="text-primary hover:underline"
            onClick={() => void fetchNextPage()}
          >
            点击重试
          </button>
        </p>
      )}
      {/* Where the scroll trigger cannot fire (short screens, no IntersectionObserver), a button. */}
      {hasNextPage && !isFetchingNextPage && !isFetchNextPageError && (
        <div className="flex justify-center py-4">
          <Button variant="outline" size="sm" onClick={() => void fetchNextPage()}>
            加载更多
          </Button>
        </div>
      )}
      {!isPending && products.length > 0 && !hasNextPage && (
        <p className="py-6 text-center text-sm text-gray-400">没有更多了</p>
      )}
    </div>
  );
}
