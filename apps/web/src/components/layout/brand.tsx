import { Link } from 'react-router';
import { SHOP_NAME } from '@labshop/shared';

export { SHOP_NAME };

/** Logo: a flask mark and the word mark, linking home. */
export function Logo() {
  return (
    <Link to="/" title={`${SHOP_NAME}首页`} className="flex shrink-0 items-center gap-2.5">
      <svg viewBox="0 0 48 48" className="h-10 w-10 sm:h-12 sm:w-12" aria-hidden>
        <rect width="48" height="48" rx="10" fill="#3aa665" />
        <path
          d="M19 10h10M21 10v10.5L12.8 34.6A3 3 0 0 0 15.4 39h17.2a3 3 0 0 0 2.6-4.4L27 20.5V10"
          fill="none"
          stroke="#fff"
          strokeWidth="2.6"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
        <path
          d="M16.3 30h15.4l2.4 4.6a1.5 1.5 0 0 1-1.3 2.2H15.2a1.5 1.5 0 0 1-1.3-2.2z"
          fill="#95d475"
        />
      </svg>
      <span className="flex flex-col leading-tight">
        <span className="text-lg font-bold tracking-wide text-gray-900 sm:text-2xl">
          一方<span className="text-primary">标准品</span>
        </span>
        <span className="hidden text-[11px] tracking-[0.2em] text-gray-500 sm:block">
          标准物质 · 试剂 · 耗材 · 仪器
        </span>
      </span>
    </Link>
  );
}
