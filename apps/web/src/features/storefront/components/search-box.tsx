import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useKeptField } from '@/hooks/use-kept-field';
import { searchPath, useSearchNavigate } from '@/hooks/use-search-navigate';
import { STORAGE_KEYS, readItem, writeItem } from '@/lib/storage';
import { useSearchKeys } from '../api/get-search-keys';

/** Header search: term box, search button and the hot keywords below it. */
export function SearchBox() {
  const search = useSearchNavigate();
  const { pathname, search: query } = useLocation();
  const { data: keys } = useSearchKeys();
  // On the results page the box shows the term being viewed (also after back / forward);
  // elsewhere it starts with the last term searched. A term typed into the server's page before
  // the app took over is kept (docs/web.md, "Before the app takes over").
  const viewed = pathname === '/search' ? (new URLSearchParams(query).get('name') ?? '') : null;
  const [value, setValue, field] = useKeptField(
    'search',
    () => viewed ?? readItem(STORAGE_KEYS.searchValue) ?? '',
  );
  const [synced, setSynced] = useState(viewed);
  if (viewed !== synced) {
    setSynced(viewed);
    if (viewed !== null) setValue(viewed);
  }

  return (
    <div className="w-full min-w-0">
      {/* The action and the field's name make a search typed before the app takes over the
          server's page a plain GET of the same address. */}
      <form
        role="search"
        action="/search"
        className="flex h-10 w-full overflow-hidden rounded border-2 border-primary bg-white"
        onSubmit={(e) => {
          e.preventDefault();
          // The field as it stands: text typed before the app took over the server's page is
          // there, not yet in the state.
          const field = new FormData(e.currentTarget).get('name');
          const typed = typeof field === 'string' ? field : '';
          setValue(typed);
          search(typed);
        }}
      >
        <input
          {...field}
          type="search"
          name="name"
          aria-label="搜索商品"
          value={value}
          maxLength={100}
          onChange={(e) => setValue(e.target.value)}
          placeholder="名称 / 货号 / CAS号"
          className="min-w-0 flex-1 px-3 text-sm outline-none placeholder:text-gray-400"
        />
        <button
          type="submit"
          className="flex shrink-0 items-center gap-1 bg-primary px-5 text-sm font-medium text-white hover:bg-primary-dark"
        >
          <svg
            viewBox="0 0 24 24"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            aria-hidden
          >
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5" />
          </svg>
          搜索
        </button>
      </form>
      <div
        className="mt-1.5 flex h-5 flex-wrap items-center gap-x-3 overflow-hidden text-xs leading-5 text-gray-500"
        aria-label="热门搜索"
      >
        <span className="shrink-0 text-gray-400">热门搜索：</span>
        {/* Links, not buttons: a hot keyword is a search address, and opens it even before the
            app takes over the server's page. */}
        {keys?.map((k) => (
          <Link
            key={k.id}
            to={searchPath(k.keyword)}
            className="shrink-0 hover:text-primary"
            onClick={() => {
              setValue(k.keyword);
              writeItem(STORAGE_KEYS.searchValue, k.keyword);
            }}
          >
            {k.keyword}
          </Link>
        ))}
      </div>
    </div>
  );
}
