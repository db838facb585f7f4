import type { Brand } from '@labshop/shared/schemas';
import { cn } from '@/components/ui/cn';

/** 品牌 row: 全部 or a single brand. */
export function BrandFilter({
  brands,
  selected,
  onSelect,
}: {
  brands: Brand[] | undefined;
  selected: number | null;
  onSelect: (brandId: number | null) => void;
}) {
  const chip = (active: boolean) =>
    cn(
      'rounded-full border px-3 py-1 text-sm whitespace-nowrap transition-colors',
      active
        ? 'border-primary bg-primary text-white'
        : 'border-gray-200 bg-white text-gray-600 hover:border-primary hover:text-primary',
    );
  return (
    <div
      role="group"
      aria-label="品牌筛选"
      className="flex items-start gap-3 rounded-md border border-gray-200 bg-white px-4 py-3"
    >
      <span className="shrink-0 pt-1 text-sm text-gray-500">品牌：</span>
      {/* One scrolling row on phones keeps the bar's height fixed whatever the brand count. */}
      <div className="flex min-w-0 gap-2 overflow-x-auto sm:flex-wrap">
        <button
          type="button"
          aria-pressed={selected === null}
          className={chip(selected === null)}
          onClick={() => onSelect(null)}
        >
          全部
        </button>
        {brands?.map((b) => (
          <button
            key={b.id}
            type="button"
            aria-pressed={selected === b.id}
            className={chip(selected === b.id)}
            onClick={() => onSelect(b.id)}
          >
            {b.name}
            <span className="ml-1 text-xs">({b.count})</span>
          </button>
        ))}
      </div>
    </div>
  );
}
