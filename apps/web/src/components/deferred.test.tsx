import { act, useState, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HydrationDone, startHydration } from '@/lib/hydration';
import { deferredPart, loadDeferredParts } from './deferred';

/** A part that reacts once hydrated: a click counts. */
function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {label} {n}
    </button>
  );
}

/** IntersectionObserver as the browser gives it, with the screen moved by the test. */
class FakeObserver {
  static all: FakeObserver[] = [];
  watched: Element[] = [];
  constructor(private readonly tell: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.watched.push(el);
  }
  disconnect() {
    this.watched = [];
  }
  /** The watched boxes come into view. */
  show() {
    const entries = this.watched.map((target) => ({ target, isIntersecting: true }));
    if (entries.length) this.tell(entries as unknown as IntersectionObserverEntry[], this as never);
  }
}

beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  // React's act environment, so updates in act() are flushed.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => vi.unstubAllGlobals());

describe('deferredPart', () => {
  it('keeps the server markup unhydrated and its code unloaded until it comes near the screen', async () => {
    const load = vi.fn(async () => ({ default: Counter }));
    const Part = deferredPart(load, 'part');
    // The server loads every part before it renders, so its markup is whole.
    await loadDeferredParts();
    const html = renderToString(<Part label="clicks" />);
    expect(html).toContain('clicks');
    load.mockClear();

    // A fresh page: the same part, its code not loaded in this "browser" yet.
    const browserLoad = vi.fn(async () => ({ default: Counter }));
    const BrowserPart = deferredPart(browserLoad, 'part');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const serverButton = container.querySelector('button');

    startHydration();
    await act(async () => {
      hydrateRoot(
        container,
        <>
          <BrowserPart label="clicks" />
          <HydrationDone />
        </>,
      );
    });
    // Still the server's own node and text, not hydrated: a click changes nothing.
    expect(browserLoad).not.toHaveBeenCalled();
    expect(container.querySelector('button')).toBe(serverButton);
    await act(async () => serverButton?.click());
    expect(container.textContent).toBe('clicks 0');

    // It comes near the screen: the code loads and the same node is hydrated.
    await act(async () => FakeObserver.all.forEach((o) => o.show()));
    expect(browserLoad).toHaveBeenCalledTimes(1);
    expect(container.querySelector('button')).toBe(serverButton);
    await act(async () => serverButton?.click());
    expect(container.textContent).toBe('clicks 1');
    container.remove();
  });

  it('renders at once when mounted after the first render (a page opened in the app)', async () => {
    const load = vi.fn(async () => ({ default: Counter }));
    const Part = deferredPart(load);
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<Part label="opened" />));
    expect(load).toHaveBeenCalledTimes(1);
    expect(FakeObserver.all).toHaveLength(0);
    expect(container.textContent).toBe('opened 0');
    await act(async () => root.unmount());
    container.remove();
  });

  it('keeps the server markup when the page re-renders while the part waits', async () => {
    /** A page that re-renders on a click above its deferred part. */
    function Page({ Part }: { Part: ComponentType<{ label: string }> }) {
      const [n, setN] = useState(0);
      return (
        <>
          <button type="button" data-renders={n} onClick={() => setN(n + 1)}>
            again
          </button>
          <Part label="kept" />
        </>
      );
    }
    const Served = deferredPart(async () => ({ default: Counter }));
    await loadDeferredParts();
    const html = renderToString(<Page Part={Served} />);
    const Waiting = deferredPart(async () => ({ default: Counter }));
    const container = document.createElement('div');
    container.innerHTML = html;
    startHydration();
    await act(async () => {
      hydrateRoot(
        container,
        <>
          <Page Part={Waiting} />
          <HydrationDone />
        </>,
      );
    });
    const again = container.querySelector<HTMLButtonElement>('button[data-renders]');
    await act(async () => again?.click());
    expect(again?.dataset.renders).toBe('1');
    expect(container.textContent).toBe('againkept 0');
    expect(FakeObserver.all.length).toBeGreaterThan(0);
  });
});
