import { Link } from 'react-router';
import type { ContentItem } from '@labshop/shared/schemas';
import { cn } from '@/components/ui/cn';
import { literatureFacts } from './literature-facts';

/** One literature row: items whose enable value is not '1' are faded (docs/product-rules.md section 4). */
export function LiteratureItem({
  item,
  enableNames,
}: {
  item: ContentItem;
  enableNames: Record<string, string>;
}) {
  const enabled = item.attributes.enable === '1';
  const status = enableNames[item.attributes.enable ?? ''];
  return (
    <li
      data-enable={item.attributes.enable ?? ''}
      className={cn('transition-opacity', enabled ? 'opacity-100' : 'opacity-50')}
    >
      <Link
        to={`/literature/${item.id}`}
        className="group flex flex-col gap-2 px-4 py-4 hover:bg-primary-50/60 sm:px-5"
      >
        <div className="flex items-start gap-2">
          {item.top === 1 && (
            <span className="mt-0.5 shrink-0 rounded bg-red-50 px-1.5 py-0.5 text-xs font-medium text-red-500">
              置顶
            </span>
          )}
          <h2 className="min-w-0 flex-1 font-medium leading-6 text-gray-900 group-hover:text-primary">
            {item.title}
          </h2>
          {status && (
            <span
              className={cn(
                'shrink-0 rounded-full px-2 py-0.5 text-xs',
                enabled ? 'bg-primary-50 text-primary' : 'bg-gray-100 text-gray-500',
              )}
            >
              {status}
            </span>
          )}
        </div>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-xs text-gray-500 sm:grid-cols-2 lg:grid-cols-[12rem_minmax(0,1fr)_9rem_minmax(0,1fr)]">
          {literatureFacts(item.attributes).map(([label, value]) => (
            <div key={label} className="flex min-w-0 gap-1">
              <dt className="shrink-0 text-gray-400">{label}：</dt>
              <dd className="truncate" title={value}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </Link>
    </li>
  );
}
