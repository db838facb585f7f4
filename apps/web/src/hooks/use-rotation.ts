import { useCallback, useEffect, useState } from 'react';
import { nextSlide } from '@/lib/carousel';

/**
 * Current slide of an automatic rotation (banners 8 s, product images 3 s). Choosing a slide
 * restarts the wait, so a slide never flips right after a click; pointer hover pauses it.
 */
export function useRotation(count: number, intervalMs: number) {
  const [state, setState] = useState({ index: 0, chosenAt: 0 });
  const [paused, setPaused] = useState(false);
  const index = count > 0 ? state.index % count : 0;

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setTimeout(
      () => setState((s) => ({ index: nextSlide(s.index % count, count), chosenAt: s.chosenAt })),
      intervalMs,
    );
    return () => window.clearTimeout(timer);
  }, [state, paused, count, intervalMs]);

  const select = useCallback(
    (i: number) => setState((s) => ({ index: i, chosenAt: s.chosenAt + 1 })),
    [],
  );
  return { index, select, setPaused };
}
