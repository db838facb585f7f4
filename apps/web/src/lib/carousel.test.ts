import { describe, expect, it } from 'vitest';
import { clampShift, maxShift, nextSlide, prevSlide, visibleCards } from './carousel';

describe('visibleCards', () => {
  it('fits five 250 px steps in the desktop viewport of 1234 px', () => {
    expect(visibleCards(1234, 250, 16)).toBe(5);
  });
  it('fits fewer on narrow screens and never less than one', () => {
    expect(visibleCards(358, 250, 16)).toBe(1);
    expect(visibleCards(734, 250, 16)).toBe(3);
    expect(visibleCards(100, 250, 16)).toBe(1);
    expect(visibleCards(0, 250, 16)).toBe(1);
    expect(visibleCards(Number.NaN, 250, 16)).toBe(1);
  });
});

describe('maxShift / clampShift', () => {
  it('lets ten cards with five visible shift five times', () => {
    expect(maxShift(10, 5)).toBe(5);
    expect(clampShift(6, 10, 5)).toBe(5);
    expect(clampShift(3, 10, 5)).toBe(3);
    expect(clampShift(-1, 10, 5)).toBe(0);
  });
  it('does not shift when everything is visible', () => {
    expect(maxShift(4, 5)).toBe(0);
    expect(clampShift(2, 4, 5)).toBe(0);
    expect(maxShift(0, 5)).toBe(0);
  });
  it('treats a zero visible count as one', () => {
    expect(maxShift(3, 0)).toBe(2);
  });
});

describe('nextSlide / prevSlide', () => {
  it('wraps around both ends', () => {
    expect(nextSlide(0, 3)).toBe(1);
    expect(nextSlide(2, 3)).toBe(0);
    expect(prevSlide(0, 3)).toBe(2);
    expect(prevSlide(2, 3)).toBe(1);
  });
  it('stays at 0 with no slides', () => {
    expect(nextSlide(0, 0)).toBe(0);
    expect(prevSlide(0, 0)).toBe(0);
  });
});
