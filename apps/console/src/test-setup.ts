import { afterAll, afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { message, Modal } from 'antd';

// How long findBy and waitFor wait for a screen to show what a test expects: a bound for a screen
// that never shows it, not a measure of speed. Testing Library's 1 s default failed passing tests
// of Ant Design screens on two cores shared with another CPU-bound process.
configure({ asyncUtilTimeout: 10_000 });

// Ant Design's responsive helpers (Grid, Table) ask the browser for media queries, which jsdom
// does not answer.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

// Popovers and selects watch their size, which jsdom never changes.
if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// jsdom has no styles of pseudo-elements (antd measures the scroll bar with one); their element's
// own styles do as well.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// React schedules its rendering with setImmediate. Work a test file's last screen scheduled must
// run while the file's window still exists, or it throws "window is not defined" after teardown.
// The static message and confirm dialogs (api-client.ts's errors, a few screens) render in roots
// of their own, which cleanup() does not reach, and a message closes on a timer seconds later:
// they are removed here, before the window goes.
afterAll(async () => {
  cleanup();
  message.destroy();
  Modal.destroyAll();
  for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setImmediate(resolve));
});
