import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { ProductDetail } from '@labshop/shared/schemas';
import { Button } from '@/components/ui/button';
import { Empty } from '@/components/ui/empty';
import { Formula } from '@/components/ui/formula';
import { Price } from '@/components/ui/price';
import { Spinner } from '@/components/ui/spinner';
import { AddToCart } from '@/features/cart/components/add-to-cart';
import { useProduct } from '@/features/catalogue/api/get-product';
import { BrowseHistory } from '@/features/catalogue/components/browse-history';
import { PackTable } from '@/features/catalogue/components/pack-table';
import { ProductGallery } from '@/features/catalogue/components/product-gallery';
import { SdsLinks } from '@/features/catalogue/components/sds-links';
import { lowestPrice } from '@/features/catalogue/lib/stock';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { searchPath } from '@/hooks/use-search-navigate';
import { useIsLoggedIn } from '@/lib/session';
import { isNotFound, LoadFailed } from '@/components/ui/load-failed';
import { deferredPart } from '@/components/deferred';

// The dialog (and Radix) loads only when a visitor asks for a certificate.
const CoaDialog = lazy(() => import('@/features/catalogue/components/coa-dialog'));

// Below the packs: their code and hydration wait until they come near the screen.
const Regulation = deferredPart(() =>
  import('@/features/compliance/components/regulation-panel').then((m) => ({
    default: m.RegulationPanel,
  })),
);
const ProductMore = deferredPart(
  () => import('./product-detail-more'),
  'flex min-w-0 flex-col gap-5',
);

const addToCart = (materialId: number) => <AddToCart materialId={materialId} />;

function Breadcrumb({ product }: { product: ProductDetail }) {
  return (
    <nav aria-label="面包屑" className="mb-4 flex min-w-0 items-center gap-2 text-sm text-gray-500">
      <Link to="/" className="shrink-0 hover:text-primary">
        首页
      </Link>
      {product.categoryTitle && (
        <>
          <span aria-hidden>&gt;</span>
          <Link to={searchPath(product.categoryTitle)} className="shrink-0 hover:text-primary">
            {product.categoryTitle}
          </Link>
        </>
      )}
      <span aria-hidden>&gt;</span>
      <span className="truncate text-gray-800" aria-current="page">
        {product.name}
      </span>
    </nav>
  );
}

function Summary({ product, onCoa }: { product: ProductDetail; onCoa: () => void }) {
  const low = lowestPrice(product.materials);
  const attrs: Array<[string, ReactNode]> = [
    ['CAS号', product.cas],
    ['货号', product.number],
    ['品牌', product.brandName],
    ['分子式', <Formula value={product.molecularFormula} />],
    ['分子量', product.molecularWeight],
    ['储存温度', product.temperature],
    ['纯度', product.purity],
  ];
  return (
    <div className="min-w-0 flex-1">
      <h1 className="text-xl font-bold text-gray-900 sm:text-2xl">{product.name}</h1>
      {product.nameEn && <p className="mt-1 text-sm break-words text-gray-500">{product.nameEn}</p>}
      <dl className="mt-3 space-y-1 text-sm">
        {product.alias && (
          <div className="flex gap-1">
            <dt className="shrink-0 text-gray-400">别名：</dt>
            <dd className="min-w-0 break-words text-gray-700">{product.alias}</dd>
          </div>
        )}
        {product.synonyms && (
          <div className="flex gap-1">
            <dt className="shrink-0 text-gray-400">化学名：</dt>
            <dd className="min-w-0 break-words text-gray-700">{product.synonyms}</dd>
          </div>
        )}
      </dl>
      {product.introduction && (
        <p className="mt-3 rounded bg-gray-50 px-3 py-2 text-sm leading-6 text-gray-600">
          {product.introduction}
        </p>
      )}
      <p className="mt-4 flex items-baseline gap-2 rounded bg-orange-50/70 px-3 py-2.5">
        <span className="text-sm text-gray-500">市场价</span>
        <Price value={low} className="text-2xl font-bold text-orange-600" />
        {low !== null && product.materials.length > 1 && (
          <span className="text-sm text-orange-600">起</span>
        )}
      </p>
      <dl
        className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2"
        data-testid="product-attributes"
      >
        {attrs.map(([label, value]) => (
          <div key={label} className="flex min-w-0 gap-1">
            <dt className="w-16 shrink-0 text-gray-400">{label}</dt>
            <dd className="min-w-0 break-words text-gray-800">{value || '--'}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-5 flex flex-wrap gap-3">
        <Button variant="outline" onClick={onCoa}>
          COA 查询
        </Button>
        <Link
          to="/bulk-inquiry"
          className="inline-flex h-10 items-center rounded px-4 text-sm text-gray-600 hover:bg-gray-100 hover:text-primary"
        >
          批量询价
        </Link>
      </div>
      <SdsLinks sds={product.sds} className="mt-4" />
    </div>
  );
}

export default function ProductDetailPage() {
  const id = Number(useParams().id);
  const { data: product, isPending, isError, error, refetch, isFetching } = useProduct(id);
  const loggedIn = useIsLoggedIn();
  const [coaOpen, setCoaOpen] = useState(false);
  useDocumentMeta(product?.name, product?.summary);

  if (!Number.isInteger(id) || id <= 0 || (isError && isNotFound(error))) {
    return <Empty text="商品不存在或已下架" />;
  }
  if (isError) return <LoadFailed onRetry={() => void refetch()} retrying={isFetching} />;
  if (isPending) return <Spinner />;

  const images = product.images.length ? product.images : product.image ? [product.image] : [];
  return (
    <div className="mx-auto max-w-[1266px] px-4 py-5">
      <Breadcrumb product={product} />

      <div className="flex flex-col gap-6 rounded-md border border-gray-200 bg-white p-4 md:flex-row sm:p-6">
        <div className="w-full md:w-[360px] md:shrink-0 lg:w-[400px]">
          <ProductGallery images={images} alt={product.name} />
        </div>
        <Summary product={product} onCoa={() => setCoaOpen(true)} />
      </div>

      <section
        aria-labelledby="packs-title"
        className="mt-5 rounded-md border border-gray-200 bg-white p-4"
      >
        <h2 id="packs-title" className="mb-3 text-base font-semibold text-gray-900">
          规格与价格
        </h2>
        <PackTable materials={product.materials} page="product" action={addToCart} />
        {product.control && (
          <p className="mt-3 rounded border border-gray-200 bg-gray-50 px-3 py-2 text-sm text-gray-700">
            <strong className="mr-1 font-medium text-gray-500">管控条件：</strong>
            {product.control}
          </p>
        )}
      </section>

      <Regulation regulation={product.regulation} cas={product.cas} />

      <div className={loggedIn ? 'mt-5 grid gap-5 lg:grid-cols-[minmax(0,1fr)_260px]' : 'mt-5'}>
        <ProductMore product={product} />
        {loggedIn && (
          <aside>
            <BrowseHistory productId={product.id} />
          </aside>
        )}
      </div>

      {coaOpen && (
        <Suspense fallback={null}>
          <CoaDialog productNumber={product.number} open={coaOpen} onOpenChange={setCoaOpen} />
        </Suspense>
      )}
    </div>
  );
}
