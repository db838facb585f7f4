import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { UI } from '@labshop/shared';
import { useProductPart, type ProductTag } from '../api/get-products-part';
import { LoadFailed } from '@/components/ui/load-failed';
import { clampShift, maxShift, visibleCards } from '@/lib/carousel';
import { ProductCard } from './product-card';

const STEP = UI.homeCarouselStepPx;
const GAP = 16;
const CARD = STEP - GAP;

const arrow =
  'flex h-8 w-8 items-center justify-center rounded-full border border-gray-300 bg-white text-gray-600 hover:border-primary hover:text-primary disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-gray-300 disabled:hover:text-gray-600';

/** A row of products of one tag that shifts one card (250 px) per click; five fit on desktop. */
export function ProductCarousel({
  tag,
  title,
  subtitle,
}: {
  tag: ProductTag;
  title: string;
  subtitle: string;
}) {
  const { data, isPending, isError, isFetching, refetch } = useProductPart(tag);
  const items = data?.records ?? [];
  const viewport = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState<number>(UI.homeCarouselVisible);
  const [shift, setShift] = useState(0);

  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const measure = () => setVisible(visibleCards(el.clientWidth, STEP, GAP));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const at = clampShift(shift, items.length, visible);
  const last = maxShift(items.length, visible);

  return (
    <section aria-labelledby={`carousel-${tag}`} className="mt-8">
      <div className="mb-4 flex items-end justify-between gap-3">
        <h2 id={`carousel-${tag}`} className="flex items-baseline gap-3">
          <span className="border-l-4 border-primary pl-3 text-xl font-bold text-gray-900">
            {title}
          </span>
          <span className="hidden text-xs tracking-widest text-gray-400 uppercase sm:inline">
            {subtitle}
          </span>
        </h2>
        <div className="flex items-center gap-2">
          <Link
            to={`/products?tag=${tag}`}
            className="mr-2 text-sm text-gray-500 hover:text-primary"
          >
            查看更多 &gt;
          </Link>
          <button
            type="button"
            aria-label="上一个"
            className={arrow}
            disabled={at <= 0}
            onClick={() => setShift(at - 1)}
          >
            ‹
          </button>
          <button
            type="button"
            aria-label="下一个"
            className={arrow}
            disabled={at >= last}
            onClick={() => setShift(at + 1)}
          >
            ›
          </button>
        </div>
      </div>
      <div ref={viewport} className="overflow-hidden">
        <ul
          data-testid={`carousel-track-${tag}`}
          className="flex transition-transform duration-500 ease-out"
          style={{ gap: GAP, transform: `translateX(-${at * STEP}px)` }}
        >
          {isPending
            ? Array.from({ length: UI.homeCarouselVisible }, (_, i) => (
                <li
                  key={i}
                  className="h-[372px] shrink-0 animate-pulse rounded-md bg-gray-100"
                  style={{ width: CARD }}
                />
              ))
            : items.map((p) => (
                <li key={p.id} className="shrink-0" style={{ width: CARD }}>
                  <ProductCard product={p} />
                </li>
              ))}
        </ul>
        {isError ? (
          // A failed load is not an empty shelf: say so and offer a retry.
          <LoadFailed onRetry={() => void refetch()} retrying={isFetching} />
        ) : (
          !isPending &&
          items.length === 0 && <p className="py-10 text-center text-sm text-gray-400">暂无数据</p>
        )}
      </div>
    </section>
  );
}
