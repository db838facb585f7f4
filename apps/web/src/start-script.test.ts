import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * `public/start.js`, the plain script a server-rendered page carries instead of the app's module
 * script (docs/web.md, "First view from the server"), run as the browser runs it.
 */
const source = fs.readFileSync(path.resolve(import.meta.dirname, '../public/start.js'), 'utf8');

const MODULES = ['/assets/react-1.js', '/assets/home-2.js', '/assets/price-3.js'];

function runStartScript() {
  const me = document.createElement('script');
  me.setAttribute('data-entry', '/assets/index-0.js');
  me.setAttribute('data-modules', MODULES.join(' '));
  document.head.append(me);
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(me);
  // A classic script, run in the page's global scope as the browser runs it.
  vm.runInThisContext(source);
}

const entryScripts = () => document.head.querySelectorAll('script[type="module"]');
const preloads = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) =>
    l.getAttribute('href'),
  );

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
  document.head.replaceChildren();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('start.js', () => {
  it('asks for nothing before the first paint', () => {
    runStartScript();
    expect(entryScripts()).toHaveLength(0);
    expect(preloads()).toEqual([]);
  });

  it('adds the entry after the first paint, then one preload per task, all of them in order', () => {
    runStartScript();
    vi.advanceTimersToNextFrame();
    const tasks = vi.spyOn(window, 'setTimeout');
    vi.advanceTimersToNextTimer();
    expect(entryScripts()).toHaveLength(1);
    expect(entryScripts()[0]?.getAttribute('src')).toBe('/assets/index-0.js');
    // The preloads wait for tasks of their own: one each.
    expect(preloads()).toEqual([]);
    expect(tasks).toHaveBeenCalledTimes(MODULES.length);

    vi.runAllTimers();
    expect(preloads()).toEqual(MODULES);
    expect(entryScripts()).toHaveLength(1);
  });
});
