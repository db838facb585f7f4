import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Classification } from '@labshop/shared/schemas';

const AUTO_MS = 5000;

/** Scrolls one view-width; going forward past the end wraps to the start. */
function advance(el: HTMLElement, dir: 1 | -1) {
  const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 4;
  if (dir === 1 && atEnd) el.scrollTo({ left: 0, behavior: 'smooth' });
  else el.scrollBy({ left: dir * el.clientWidth, behavior: 'smooth' });
}

function Arrow({ dir, onClick }: { dir: 'prev' | 'next'; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={dir === 'prev' ? '上一组' : '下一组'}
      className="flex h-9 w-9 items-center justify-center rounded-full border border-gray-200 bg-white text-gray-500 shadow-sm transition-colors hover:border-primary hover:text-primary"
    >
      <svg
        viewBox="0 0 24 24"
        className="h-4 w-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <path
          d={dir === 'prev' ? 'M15 6l-6 6 6 6' : 'M9 6l6 6-6 6'}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}

/**
 * Hot classifications in a scroll-snap strip, each opening a search for its title: swipe on touch screens, arrows elsewhere, and a
 * gentle auto-advance that pauses while the pointer or focus is inside.
 */
export function ClassificationCarousel({ items }: { items: Classification[] }) {
  const track = useRef<HTMLDivElement>(null);
  const [paused, setPaused] = useState(false);

  const step = (dir: 1 | -1) => {
    if (track.current) advance(track.current, dir);
  };

  useEffect(() => {
    if (paused || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => {
      const el = track.current;
      if (el && el.scrollWidth > el.clientWidth) advance(el, 1);
    }, AUTO_MS);
    return () => window.clearInterval(timer);
  }, [paused]);

  return (
    <div
      className="relative"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        ref={track}
        className="flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-smooth pb-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {items.map((item) => (
          <Link
            key={item.id}
            to={`/search?name=${encodeURIComponent(item.title)}`}
            className="group flex w-[78%] shrink-0 snap-start flex-col overflow-hidden rounded-lg border border-gray-100 bg-white shadow-sm transition-shadow hover:shadow-md sm:w-[calc((100%-2rem)/3)] lg:w-[calc((100%-3rem)/4)]"
          >
            <div className="relative aspect-[4/3] overflow-hidden bg-primary-50">
              {item.images[0] ? (
                <img
                  src={item.images[0]}
                  alt=""
                  loading="lazy"
                  className="absolute inset-0 h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
                />
              ) : (
                <div className="flex h-full items-center justify-center text-3xl font-semibold text-primary/40">
                  {item.title.slice(0, 2)}
                </div>
              )}
            </div>
            <div className="flex flex-1 flex-col gap-1 p-4">
              <h3 className="font-semibold text-gray-900 group-hover:text-primary">{item.title}</h3>
              {item.summary && (
                <p className="line-clamp-3 text-sm leading-6 text-gray-500">{item.summary}</p>
              )}
            </div>
          </Link>
        ))}
      </div>
      {items.length > 1 && (
        <div className="mt-4 flex justify-end gap-2">
          <Arrow dir="prev" onClick={() => step(-1)} />
          <Arrow dir="next" onClick={() => step(1)} />
        </div>
      )}
    </div>
  );
}
