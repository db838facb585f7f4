import { Link } from 'react-router';
import type { ProductCard as Card } from '@labshop/shared/schemas';
import { Price } from '@/components/ui/price';
import { lowestPrice } from '../lib/stock';
import { ProductImage } from './product-image';

/** Grid / carousel card: picture, name, CAS, item number, brand and the lowest market price. */
export function ProductCard({ product }: { product: Card }) {
  const price = lowestPrice(product.materials);
  return (
    <Link
      to={`/products/${product.id}`}
      className="group flex h-full flex-col overflow-hidden rounded-md border border-gray-200 bg-white transition hover:border-primary hover:shadow-md"
    >
      <ProductImage
        src={product.image}
        alt={product.name}
        size={234}
        className="w-full border-b border-gray-100 p-3"
      />
      <span className="flex flex-1 flex-col gap-1 p-3 text-xs text-gray-500">
        <strong className="line-clamp-2 min-h-10 text-sm leading-5 font-medium text-gray-900 group-hover:text-primary">
          {product.name}
        </strong>
        <span className="truncate">CAS：{product.cas || '--'}</span>
        <span className="truncate">货号：{product.number || '--'}</span>
        <span className="flex items-end justify-between gap-2 pt-1">
          <span className="truncate">{product.brandName}</span>
          <span className="shrink-0 text-base font-semibold text-orange-600">
            <Price value={price} />
            {price !== null && product.materials.length > 1 && (
              <small className="ml-0.5 text-xs font-normal">起</small>
            )}
          </span>
        </span>
      </span>
    </Link>
  );
}
