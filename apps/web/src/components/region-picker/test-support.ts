import fs from 'node:fs';
import path from 'node:path';
import { vi } from 'vitest';

/**
 * jsdom helpers for the picker tests: the shipped division file served to fetch, and the layout
 * facts (viewport, element boxes) jsdom does not compute but the floating panel reads.
 */
const publicDir = path.resolve(import.meta.dirname, '../../../public/region');

export function serveRegionFiles(): void {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const file = path.join(publicDir, String(url).replace(/^\/region\//, ''));
      if (!fs.existsSync(file)) {
        return Promise.resolve(
          new Response('<!doctype html>', { headers: { 'Content-Type': 'text/html' } }),
        );
      }
      return Promise.resolve(
        new Response(fs.readFileSync(file, 'utf8'), {
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }),
  );
}

class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

/** A viewport of the given size; elements report `box(el)` as their bounding rectangle. */
export function layout(
  viewport: { width: number; height: number },
  box: (el: Element) => { top: number; left: number; width: number; height: number },
): void {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  vi.stubGlobal('innerWidth', viewport.width);
  vi.stubGlobal('innerHeight', viewport.height);
  vi.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(viewport.width);
  vi.spyOn(document.documentElement, 'clientHeight', 'get').mockReturnValue(viewport.height);
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return box(this).width;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return box(this).height;
  });
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const { top, left, width, height } = box(this);
    return {
      top,
      left,
      width,
      height,
      x: left,
      y: top,
      right: left + width,
      bottom: top + height,
      toJSON: () => ({}),
    };
  });
}
