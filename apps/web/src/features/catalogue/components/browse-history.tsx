import { Link } from 'react-router';
import { Empty } from '@/components/ui/empty';
import { useBrowseHistory } from '../api/get-history';
import { ProductImage } from './product-image';

/** The member's last viewed products (8), beside the product page. */
export function BrowseHistory({ productId }: { productId: number }) {
  const { data, isPending } = useBrowseHistory(productId);
  return (
    <section aria-labelledby="history-title" className="rounded-md border border-gray-200 bg-white">
      <h2
        id="history-title"
        className="border-b border-gray-200 px-4 py-2.5 text-sm font-semibold text-gray-900"
      >
        浏览历史
      </h2>
      {isPending ? null : !data?.length ? (
        <Empty text="暂无历史浏览" />
      ) : (
        <ul className="divide-y divide-gray-100">
          {data.map((h) => (
            <li key={h.id}>
              <Link
                to={`/products/${h.id}`}
                className="flex gap-3 px-3 py-2.5 hover:bg-primary-50/50"
              >
                <ProductImage
                  src={h.image}
                  alt={h.name}
                  size={56}
                  className="w-14 shrink-0 rounded border border-gray-100"
                />
                <span className="min-w-0 text-xs leading-5 text-gray-500">
                  <span className="line-clamp-2 text-sm text-gray-900">{h.name}</span>
                  <span className="block truncate">货号：{h.number || '--'}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
