import { useEffect, useState } from 'react';

/**
 * Whole seconds left until a deadline set by start(). Counted from the clock rather than from
 * ticks, so a throttled background tab still shows the right number when it wakes up.
 */
export function useCountdown(seconds: number) {
  const [deadline, setDeadline] = useState(0);
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (deadline === 0) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= deadline) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  return {
    left,
    running: left > 0,
    start: () => {
      const t = Date.now();
      setNow(t);
      setDeadline(t + seconds * 1000);
    },
  };
}
