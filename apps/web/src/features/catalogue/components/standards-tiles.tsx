import { Link } from 'react-router';
import { useCategories } from '@/hooks/use-categories';
import { searchPath } from '@/hooks/use-search-navigate';

/** The seven standards categories, used until (or if) the category list cannot supply them. */
export const STANDARD_TILES = [
  '药品标准品',
  '食品检测标准品',
  '农药残留标准品',
  '兽药标准品',
  '日化标准品',
  '环境标准品',
  '天然提取物标准品',
];

const STANDARDS_TITLE = '标准品';

const ICONS: Array<[string, string, string]> = [
  [
    '兽药',
    'M8 10a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM16 10a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM5 14.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM19 14.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM12 12.5c-3 0-5 4-5 6s2 2 5 2 5 0 5-2-2-6-5-6z',
    'bg-amber-50 text-amber-600',
  ],
  [
    '药品',
    'M10.5 20.5 3.5 13.5a5 5 0 0 1 7-7l7 7a5 5 0 0 1-7 7zM7 10l7 7',
    'bg-sky-50 text-sky-600',
  ],
  [
    '食品',
    'M12 7C10 5 6 5.5 5 9s1 10 4 11c1 .4 2 0 3-.5 1 .5 2 .9 3 .5 3-1 5-7.5 4-11s-5-4-7-2zM12 7c0-2 1-4 3-4',
    'bg-rose-50 text-rose-500',
  ],
  [
    '农药',
    'M12 22V12M12 12C12 7 8 4 3 4c0 5 4 8 9 8zM12 15c0-4 3-7 8-7 0 4-3 7-8 7z',
    'bg-lime-50 text-lime-600',
  ],
  [
    '日化',
    'M10 2h4v3h-4zM9 5h6l1 3v12a2 2 0 0 1-2 2h-4a2 2 0 0 1-2-2V8zM8 12h8',
    'bg-violet-50 text-violet-500',
  ],
  ['环境', 'M12 2.7 6.3 8.4a8 8 0 1 0 11.4 0zM9 15a3 3 0 0 0 3 3', 'bg-cyan-50 text-cyan-600'],
  [
    '天然',
    'M11 20A7 7 0 0 1 9.8 6.1C15.5 5 17 4.5 19 2c1 2 2 4.2 2 8 0 5.5-4.8 10-10 10zM2 21c0-3 1.9-5.4 5.1-6',
    'bg-emerald-50 text-emerald-600',
  ],
];
const FLASK: [string, string] = [
  'M9 3h6M10 3v6.5L4.5 18.6A1.6 1.6 0 0 0 5.9 21h12.2a1.6 1.6 0 0 0 1.4-2.4L14 9.5V3',
  'bg-primary-50 text-primary',
];

const iconOf = (title: string): [string, string] => {
  const hit = ICONS.find(([k]) => title.includes(k));
  return hit ? [hit[1], hit[2]] : FLASK;
};

/** Titles of the standards tiles: children of the 标准品 category, else the fixed seven. */
function useStandardTitles(): string[] {
  const { data: top } = useCategories(0);
  const standards = top?.find((c) => c.title === STANDARDS_TITLE);
  const { data: children } = useCategories(standards?.id ?? -1, standards !== undefined);
  const titles = standards ? (children ?? []).map((c) => c.title) : [];
  return titles.length ? titles.slice(0, STANDARD_TILES.length) : STANDARD_TILES;
}

/** Seven tiles leading to the search for each kind of standard. */
export function StandardsTiles() {
  const titles = useStandardTitles();
  return (
    <section aria-labelledby="standards-title" className="mt-8">
      <h2 id="standards-title" className="mb-4 flex items-baseline gap-3">
        <span className="border-l-4 border-primary pl-3 text-xl font-bold text-gray-900">
          标准品分类
        </span>
        <span className="hidden text-xs tracking-widest text-gray-400 uppercase sm:inline">
          Reference Standards
        </span>
      </h2>
      <ul className="grid grid-cols-4 gap-2 sm:gap-3 md:grid-cols-7">
        {titles.map((title) => {
          const [d, tone] = iconOf(title);
          return (
            <li key={title}>
              <Link
                to={searchPath(title)}
                className="flex h-full flex-col items-center gap-2 rounded-md border border-gray-200 bg-white px-1 py-3 text-center sm:gap-3 sm:px-2 sm:py-5 transition hover:-translate-y-0.5 hover:border-primary hover:shadow-md"
              >
                <span
                  className={`flex h-10 w-10 items-center justify-center rounded-full sm:h-14 sm:w-14 ${tone}`}
                >
                  <svg
                    viewBox="0 0 24 24"
                    className="h-5 w-5 sm:h-7 sm:w-7"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.6"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    aria-hidden
                  >
                    <path d={d} />
                  </svg>
                </span>
                <span className="text-xs leading-4 font-medium text-gray-800 lg:text-sm">
                  {title}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
