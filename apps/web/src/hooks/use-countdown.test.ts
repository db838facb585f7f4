import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

afterEach(() => vi.useRealTimers());

describe('useCountdown', () => {
  it('counts 59 seconds down to zero from start()', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountdown(59));
    expect(result.current.running).toBe(false);
    act(() => result.current.start());
    expect(result.current.left).toBe(59);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.left).toBe(58);
    act(() => {
      vi.advanceTimersByTime(57_000);
    });
    expect(result.current).toMatchObject({ left: 1, running: true });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current).toMatchObject({ left: 0, running: false });
  });

  it('follows the clock when ticks were missed', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountdown(59));
    act(() => result.current.start());
    // A background tab wakes up late: one tick, but 30 s have passed.
    vi.setSystemTime(Date.now() + 30_000);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.left).toBe(28);
  });
});
