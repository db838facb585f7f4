/** Index arithmetic of the home product carousels and the banner / image rotations. */

/** How many cards of `step` px (card plus gap) fit a viewport; at least one. */
export function visibleCards(viewportWidth: number, step: number, gap: number): number {
  if (!(viewportWidth > 0) || !(step > 0)) return 1;
  return Math.max(1, Math.floor((viewportWidth + gap) / step));
}

/** Furthest the track can shift: the last card ends at the right edge. */
export function maxShift(count: number, visible: number): number {
  return Math.max(0, count - Math.max(1, visible));
}

/** Keeps a shift within [0, maxShift]. */
export function clampShift(shift: number, count: number, visible: number): number {
  return Math.min(Math.max(0, Math.trunc(shift)), maxShift(count, visible));
}

/** Next slide of a rotation, wrapping to the first after the last. */
export function nextSlide(index: number, count: number): number {
  return count <= 0 ? 0 : (index + 1) % count;
}

/** Previous slide of a rotation, wrapping to the last before the first. */
export function prevSlide(index: number, count: number): number {
  return count <= 0 ? 0 : (index - 1 + count) % count;
}
