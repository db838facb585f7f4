import { Link } from 'react-router';
import type { ProductDetail } from '@labshop/shared/schemas';
import { ProductImage } from './product-image';

/** Products related to the one shown. */
export function RelatedProducts({ items }: { items: ProductDetail['relationItems'] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="related-title" className="rounded-md border border-gray-200 bg-white">
      <h2
        id="related-title"
        className="border-b border-gray-200 px-4 py-2.5 text-base font-semibold text-gray-900"
      >
        相关产品
      </h2>
      <ul className="grid grid-cols-2 gap-3 p-4 sm:grid-cols-3 lg:grid-cols-4">
        {items.map((r) => (
          <li key={r.id}>
            <Link
              to={`/products/${r.id}`}
              className="flex h-full flex-col overflow-hidden rounded border border-gray-200 text-xs text-gray-500 hover:border-primary"
            >
              <ProductImage
                src={r.image}
                alt={r.name}
                size={160}
                className="w-full border-b border-gray-100 p-2"
              />
              <span className="flex flex-col gap-0.5 p-2">
                <span className="line-clamp-2 text-sm text-gray-900">{r.name}</span>
                <span className="truncate">CAS：{r.cas || '--'}</span>
                <span className="truncate">货号：{r.number || '--'}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
