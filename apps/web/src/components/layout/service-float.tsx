import { Link } from 'react-router';
import { HOTLINE } from '@labshop/shared';
import { ArrowUpIcon, ChatIcon, HeadsetIcon } from './icons';

const item =
  'group relative flex h-12 w-12 flex-col items-center justify-center gap-0.5 text-[10px] text-white hover:bg-primary-dark';

/** Floating customer service on the right edge: hotline, online message, back to top. */
export function ServiceFloat() {
  return (
    <aside
      aria-label="在线客服"
      className="fixed right-2 bottom-20 z-30 flex flex-col overflow-hidden rounded-md bg-primary shadow-lg sm:right-4"
    >
      <a href={`tel:${HOTLINE.replaceAll('-', '')}`} className={item} title={`客服热线 ${HOTLINE}`}>
        <HeadsetIcon className="h-5 w-5" />
        客服
        <span className="pointer-events-none absolute top-1/2 right-full mr-2 hidden -translate-y-1/2 rounded bg-white px-3 py-2 text-sm whitespace-nowrap text-gray-800 shadow-lg group-hover:block">
          客服热线：<strong className="text-primary">{HOTLINE}</strong>
        </span>
      </a>
      <Link to="/about#message" className={`${item} border-t border-white/20`}>
        <ChatIcon className="h-5 w-5" />
        留言
      </Link>
      <button
        type="button"
        className={`${item} border-t border-white/20`}
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      >
        <ArrowUpIcon className="h-5 w-5" />
        顶部
      </button>
    </aside>
  );
}
