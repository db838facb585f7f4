import { SDS_LANGUAGE_LABEL } from '@labshop/shared';
import type { SdsEntry } from '@labshop/shared/schemas';

/**
 * Download links of a product's current safety data sheets (docs/safety.md), Chinese first:
 * plain links, so the product page and the search cards ship no script for them.
 */
export function SdsLinks({
  sds,
  className = '',
}: {
  sds: SdsEntry[] | undefined;
  className?: string;
}) {
  if (!sds || sds.length === 0) return null;
  return (
    <p
      className={`flex flex-wrap items-center gap-x-3 gap-y-1 text-sm ${className}`}
      data-testid="sds-links"
    >
      <span className="text-gray-400">安全技术说明书：</span>
      {sds.map((s) => (
        <a
          key={s.language}
          href={s.url}
          className="text-primary hover:underline"
          title={`下载${SDS_LANGUAGE_LABEL[s.language]}安全技术说明书（${s.version} 版）`}
        >
          {SDS_LANGUAGE_LABEL[s.language]} SDS（{s.version} 版）
        </a>
      ))}
    </p>
  );
}
