import { Link } from 'react-router';
import { HOTLINE } from '@labshop/shared';
import { ArrowUpIcon, ChatIcon, HeadsetIcon } from './icons';

const item =
  'group relative flex h-10 w-10 flex-col items-center justify-center gap-0.5 bg-primary text-[10px] text-white hover:bg-primary-dark sm:h-12 sm:w-12';
// Phones get a single icon-only hotline button so the column covers as little of the page as
// possible; the message link and back-to-top join it from tablet width.
const label = 'sr-only sm:not-sr-only';
const wideOnly = 'hidden sm:flex';

/** Floating customer service on the right edge: hotline, online message, back to top. */
export function ServiceFloat() {
  return (
    <aside
      aria-label="在线客服"
      className="fixed right-2 bottom-4 z-30 flex flex-col divide-y divide-white/20 rounded-md shadow-lg sm:right-4 sm:bottom-20"
    >
      <a
        href={`tel:${HOTLINE.replaceAll('-', '')}`}
        className={`${item} rounded-md sm:rounded-b-none`}
        title={`客服热线 ${HOTLINE}`}
      >
        <HeadsetIcon className="h-5 w-5" />
        <span className={label}>客服</span>
        <span className="pointer-events-none absolute top-1/2 right-full mr-2 hidden -translate-y-1/2 rounded bg-white px-3 py-2 text-sm whitespace-nowrap text-gray-800 shadow-lg sm:group-hover:block">
          客服热线：<strong className="text-primary">{HOTLINE}</strong>
        </span>
      </a>
      <Link to="/about#message" className={`${item} ${wideOnly}`} title="在线留言">
        <ChatIcon className="h-5 w-5" />
        <span className={label}>留言</span>
      </Link>
      <button
        type="button"
        title="返回顶部"
        className={`${item} ${wideOnly} rounded-b-md`}
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      >
        <ArrowUpIcon className="h-5 w-5" />
        <span className={label}>顶部</span>
      </button>
    </aside>
  );
}
