import { useEffect, useState } from 'react';
import type { Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { hydrateWithoutBlocking, isHydrating } from './hydration';

/** Busy for `ms` milliseconds of the clock: a part whose render costs real main-thread time. */
function busy(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // Spinning on purpose: hydration must yield between parts this slow.
  }
}

/** Parts rendered so far, and whether the hydration has committed: the tests watch through it. */
const progress = { rendered: 0, committed: false };
const countRender = () => {
  progress.rendered += 1;
};

function SlowPart({ n }: { n: number }) {
  busy(2);
  countRender();
  return <li>第 {n} 项</li>;
}

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      已点 {count} 次
    </button>
  );
}

const PARTS = 20;

/** Its effect runs once the hydration has committed. */
function Committed() {
  useEffect(() => {
    progress.committed = true;
  }, []);
  return null;
}

function Page() {
  return (
    <main>
      <Counter />
      <ul>
        {Array.from({ length: PARTS }, (_, i) => (
          <SlowPart key={i} n={i + 1} />
        ))}
      </ul>
      <Committed />
    </main>
  );
}

/** The server's markup of the page in a fresh container, as the browser receives it. */
function serverPage(): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page />);
  document.body.replaceChildren(container);
  progress.rendered = 0;
  progress.committed = false;
  return container;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The roots the tests hydrated: unmounted after each, so no React work outlives the file's window. */
const roots: Root[] = [];

afterEach(async () => {
  // A root unmounted before its hydration commits reports an error: let it finish first.
  while (!progress.committed) await nextTask();
  for (const root of roots.splice(0)) root.unmount();
  // Work React had already scheduled runs now, while the window still exists.
  for (let i = 0; i < 5; i++) await nextTask();
  document.body.replaceChildren();
});

describe('hydrateWithoutBlocking', () => {
  it('hydrates the page in slices, leaving the main thread to other tasks between them', async () => {
    const container = serverPage();
    const serverItems = [...container.querySelectorAll('li')];
    roots.push(hydrateWithoutBlocking(container, <Page />));
    expect(isHydrating()).toBe(true);

    // A task queued now runs while hydration is under way, not after all of it: the twenty
    // parts take 40 ms or more, and React yields every few milliseconds in a transition.
    let renderedAtOtherTask = -1;
    await nextTask().then(() => (renderedAtOtherTask = progress.rendered));
    while (progress.rendered < PARTS) await nextTask();

    expect(renderedAtOtherTask).toBeGreaterThanOrEqual(0);
    expect(renderedAtOtherTask).toBeLessThan(PARTS);
    // The server's nodes were hydrated, not replaced.
    const items = [...container.querySelectorAll('li')];
    expect(items).toHaveLength(PARTS);
    items.forEach((item, i) => expect(item).toBe(serverItems[i]));
  });

  it('does not lose a click made before the page is hydrated', async () => {
    const container = serverPage();
    const button = container.querySelector('button')!;
    roots.push(hydrateWithoutBlocking(container, <Page />));

    // Before any slice has run, the button is still the server's markup.
    button.click();
    while (progress.rendered < PARTS) await nextTask();
    await nextTask();

    expect(container.querySelector('button')).toBe(button);
    expect(button.textContent).toBe('已点 1 次');
  });
});
