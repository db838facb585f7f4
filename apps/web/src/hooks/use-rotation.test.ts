import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRotation } from './use-rotation';

describe('useRotation', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('advances after each interval and wraps to the first slide', () => {
    const { result } = renderHook(() => useRotation(3, 8000));
    expect(result.current.index).toBe(0);
    act(() => void vi.advanceTimersByTime(7999));
    expect(result.current.index).toBe(0);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current.index).toBe(1);
    act(() => void vi.advanceTimersByTime(8000));
    act(() => void vi.advanceTimersByTime(8000));
    expect(result.current.index).toBe(0);
  });

  it('restarts the wait after a slide is chosen, even the same one', () => {
    const { result } = renderHook(() => useRotation(3, 3000));
    act(() => void vi.advanceTimersByTime(2000));
    act(() => result.current.select(0));
    act(() => void vi.advanceTimersByTime(2000));
    expect(result.current.index).toBe(0);
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current.index).toBe(1);
    act(() => result.current.select(2));
    expect(result.current.index).toBe(2);
  });

  it('does not move while paused or with a single slide', () => {
    const { result } = renderHook(() => useRotation(3, 3000));
    act(() => result.current.setPaused(true));
    act(() => void vi.advanceTimersByTime(10_000));
    expect(result.current.index).toBe(0);
    act(() => result.current.setPaused(false));
    act(() => void vi.advanceTimersByTime(3000));
    expect(result.current.index).toBe(1);

    const single = renderHook(() => useRotation(1, 3000));
    act(() => void vi.advanceTimersByTime(10_000));
    expect(single.result.current.index).toBe(0);
  });

  it('keeps the index inside a list that shrank', () => {
    const { result, rerender } = renderHook(({ n }) => useRotation(n, 3000), {
      initialProps: { n: 5 },
    });
    act(() => result.current.select(4));
    rerender({ n: 2 });
    expect(result.current.index).toBe(0);
  });
});
