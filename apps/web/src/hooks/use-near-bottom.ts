import { useEffect, useRef } from 'react';

/**
 * Calls `onNear` when the returned sentinel comes within `marginPx` of the viewport bottom. The
 * observer is rebuilt whenever `key` changes (e.g. a page was appended), so a sentinel that is
 * still in range after a load triggers the next one too.
 */
export function useNearBottom<T extends Element>(
  onNear: () => void,
  marginPx: number,
  key: unknown,
  active: boolean,
) {
  const ref = useRef<T>(null);
  const callback = useRef(onNear);
  useEffect(() => {
    callback.current = onNear;
  });

  useEffect(() => {
    const el = ref.current;
    // Without IntersectionObserver the page's 加载更多 button does the loading.
    if (!el || !active || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { rootMargin: `0px 0px ${marginPx}px 0px` },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [marginPx, key, active]);

  return ref;
}
