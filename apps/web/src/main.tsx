import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { SERVER_QUERIES_ID } from '@labshop/shared';
import { AppProvider, createQueryClient } from './app/provider';
import { routes } from './app/router';
import { HydrationDone, hydrateWithoutBlocking, keepTypedFields } from './lib/hydration';
import { setNavigator } from './lib/navigation';
import { getToken } from './lib/session';
import './index.css';

/** The query cache the server rendered the page with, or null for a page it did not render. */
function serverQueries(): DehydratedState | null {
  const text = document.getElementById(SERVER_QUERIES_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as DehydratedState;
    // The answers are as fresh as answers fetched now: the server keeps a page only while the
    // catalogue is unchanged, so a page rendered a while ago must not refetch everything.
    const now = Date.now();
    for (const q of state.queries) q.state.dataUpdatedAt = now;
    return state;
  } catch {
    return null;
  }
}

/**
 * Loads the code of the routes the address matches before the first render, so that render is
 * the page itself (the server's markup, when there is one) and not the wait for its code.
 */
async function loadInitialRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/** Lets the browser run other tasks: the work before and after is then two tasks, not one. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  // The modules' own evaluation is one task; reading the server's answers and loading the
  // route's code start in the next, so neither is a long task on a slow phone (docs/web.md).
  await nextTask();
  const container = document.getElementById('root')!;
  const queryClient = createQueryClient();
  // The server renders the anonymous view: a member's page (member prices) renders afresh.
  const fromServer = container.firstElementChild !== null && getToken() === null;
  const state = fromServer ? serverQueries() : null;
  if (state) hydrate(queryClient, state);
  await loadInitialRoutes();
  const router = createBrowserRouter(routes);
  setNavigator((to) => void router.navigate(to));
  const app = (
    <StrictMode>
      <AppProvider client={queryClient}>
        <RouterProvider router={router} />
        <HydrationDone />
      </AppProvider>
    </StrictMode>
  );
  // What a person typed into the server's page so far: the app's fields start from it.
  keepTypedFields(container);
  if (fromServer) hydrateWithoutBlocking(container, app);
  else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
}

void start();
