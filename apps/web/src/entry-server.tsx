import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { AppProvider, createQueryClient } from './app/provider';
import { loadDeferredParts } from './components/deferred';
import { routes } from './app/router';
import { setServerAnswers } from './lib/preloaded';

/**
 * The server's render of a storefront page's first view (docs/web.md, "First view from the
 * server"): the page's route, its code loaded, and its queries answered from the anonymous
 * answers the page carries, as HTML for `#root`. The browser hydrates it (main.tsx) from the
 * same answers: the query cache is sent along (`queries`), so its first render is this one.
 */

/** Renders that discover queries the answers just filled in render again, at most this often. */
const MAX_PASSES = 3;

/** Keeps the route modules it loaded: a page's code loads once per process. */
const handler = createStaticHandler(routes);

const pageAnswers = new AsyncLocalStorage<Map<string, unknown>>();
setServerAnswers(() => pageAnswers.getStore());

export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  /** The dehydrated query cache, JSON ('' when the render made no query). */
  queries: string;
  /** The answers the render used (the page need not carry them a second time). */
  used: string[];
}

/** Answers every query the last render asked for that the page carries; true if any was new. */
async function answerQueries(client: QueryClient): Promise<boolean> {
  const waiting = client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle');
  if (waiting.length === 0) return false;
  await Promise.all(waiting.map((q) => q.fetch().catch(() => undefined)));
  // A call the page does not carry stays for the browser: its query shows as loading.
  for (const q of waiting) if (q.state.status === 'error') client.getQueryCache().remove(q);
  return waiting.some((q) => q.state.status === 'success');
}

/**
 * `url`: path and query of the page; `answers`: the page's answers by `preloadKey`, as
 * envelopes. Throws when the page cannot be rendered (the server then sends the bare shell).
 */
export async function render(url: string, answers: Record<string, unknown>): Promise<RenderedPage> {
  const request = new Request(new URL(url, 'http://localhost'));
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`route answered ${context.status}`);
  // The server renders below-the-fold parts whole: their code is loaded before the render. Per
  // render, not once per process: a page's parts register when its lazy route module loads,
  // which the query above may just have done; loaders already settled cost nothing here.
  await loadDeferredParts();
  const router = createStaticRouter(handler.dataRoutes, context);
  const client = createQueryClient();
  const store = new Map(Object.entries(answers));
  const page = () =>
    renderToString(
      <StrictMode>
        <AppProvider client={client}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </StrictMode>,
    );
  return pageAnswers.run(store, async () => {
    let html = page();
    for (let pass = 1; pass < MAX_PASSES && (await answerQueries(client)); pass++) html = page();
    const state = dehydrate(client);
    client.clear();
    return {
      html,
      queries: state.queries.length ? JSON.stringify(state) : '',
      used: Object.keys(answers).filter((key) => !store.has(key)),
    };
  });
}
