import { cn } from './cn';

/** Page links with previous / next; hidden when everything fits on one page. */
export function Pagination({
  current,
  size,
  total,
  onChange,
}: {
  current: number;
  size: number;
  total: number;
  onChange: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  const from = Math.max(1, Math.min(current - 2, pages - 4));
  const shown = Array.from({ length: Math.min(5, pages) }, (_, i) => from + i);
  const btn = 'h-8 min-w-8 rounded border px-2 text-sm disabled:opacity-40';
  return (
    <nav aria-label="分页" className="flex flex-wrap items-center justify-center gap-1 py-4">
      <button
        type="button"
        className={btn}
        disabled={current <= 1}
        onClick={() => onChange(current - 1)}
      >
        上一页
      </button>
      {shown.map((p) => (
        <button
          key={p}
          type="button"
          aria-current={p === current ? 'page' : undefined}
          className={cn(
            btn,
            p === current
              ? 'border-primary bg-primary text-white'
              : 'bg-white hover:border-primary',
          )}
          onClick={() => onChange(p)}
        >
          {p}
        </button>
      ))}
      <button
        type="button"
        className={btn}
        disabled={current >= pages}
        onClick={() => onChange(current + 1)}
      >
        下一页
      </button>
      <span className="ml-2 text-xs text-gray-500">共 {total} 条</span>
    </nav>
  );
}
