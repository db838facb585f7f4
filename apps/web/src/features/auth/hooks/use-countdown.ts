import { useEffect, useState } from 'react';

/** Seconds left of a countdown that ticks once a second down to 0. */
export function useCountdown(seconds: number) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return { left, running: left > 0, start: () => setLeft(seconds) };
}
