import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Category } from '@labshop/shared/schemas';
import { useCategories } from '@/hooks/use-categories';
import { searchPath } from '@/hooks/use-search-navigate';
import { STORAGE_KEYS, readItem, writeItem } from '@/lib/storage';
import { cn } from '@/components/ui/cn';
import { activeNavId, type NavEntry } from './nav-active';

const HOME: NavEntry & { title: string; model: string } = {
  id: 0,
  to: '/',
  title: '首页',
  model: '',
};

/** A category leads to its url, or to the search for its title when it has none. */
const entryOf = (c: Category) => ({
  id: c.id,
  to: c.url || searchPath(c.title),
  title: c.title,
  model: c.model,
});

const readRemembered = () => {
  const v = readItem(STORAGE_KEYS.activeId);
  return v === null || v === '' ? null : Number(v);
};

/** Green main navigation: 首页 and the top-level categories; scrolls sideways on small screens. */
export function MainNav() {
  const { data } = useCategories(0);
  const { pathname, search } = useLocation();
  const [remembered, setRemembered] = useState(readRemembered);
  const entries = [HOME, ...(data ?? []).map(entryOf)];
  const active = activeNavId(pathname, search, entries, remembered);

  return (
    <nav aria-label="主导航" className="bg-primary">
      <ul className="mx-auto flex h-11 max-w-[1266px] items-stretch overflow-x-auto px-4 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden">
        {entries.map((e) => {
          const external = /^https?:\/\//.test(e.to);
          const className = cn(
            'flex h-full items-center px-4 text-[15px] whitespace-nowrap text-white transition-colors hover:bg-primary-dark lg:px-6',
            e.id === active && 'bg-primary-dark font-semibold',
          );
          const remember = () => {
            writeItem(STORAGE_KEYS.activeId, String(e.id));
            writeItem(STORAGE_KEYS.activeModel, e.model);
            setRemembered(e.id);
          };
          return (
            <li key={e.id} className="shrink-0">
              {external ? (
                <a href={e.to} target="_blank" rel="noopener noreferrer" className={className}>
                  {e.title}
                </a>
              ) : (
                <Link
                  to={e.to}
                  onClick={remember}
                  aria-current={e.id === active ? 'page' : undefined}
                  className={className}
                >
                  {e.title}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
