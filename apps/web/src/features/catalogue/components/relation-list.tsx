import { UI } from '@labshop/shared';
import type { RelationName } from '@labshop/shared/schemas';
import { cn } from '@/components/ui/cn';

/** Left column of the results page: related substances (at most 30); a click searches that name. */
export function RelationList({
  items,
  current,
  onSearch,
}: {
  items: RelationName[] | undefined;
  current: string;
  onSearch: (name: string) => void;
}) {
  const shown = (items ?? []).slice(0, UI.relatedMax);
  return (
    <nav aria-labelledby="relations-title" className="rounded-md border border-gray-200 bg-white">
      <h2
        id="relations-title"
        className="border-b border-gray-200 bg-primary-50 px-4 py-2.5 text-sm font-semibold text-primary"
      >
        相关物质
      </h2>
      {/* Nothing yet (loading, or the search failed and says so beside it): no claim either way. */}
      {items === undefined ? null : shown.length === 0 ? (
        <p className="px-4 py-4 text-sm text-gray-400">暂无相关</p>
      ) : (
        <ul className="flex max-h-60 flex-col overflow-y-auto py-1 lg:max-h-none">
          {shown.map((r) => (
            <li key={r.id}>
              <button
                type="button"
                onClick={() => onSearch(r.name)}
                className={cn(
                  'w-full truncate px-4 py-1.5 text-left text-sm hover:bg-primary-50 hover:text-primary',
                  r.name === current ? 'font-semibold text-primary' : 'text-gray-700',
                )}
                title={r.name}
              >
                {r.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
