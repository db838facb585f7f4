import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The storefront's own render of a page's first view (apps/web/src/entry-server.tsx, built into
 * the web app's dist/.ssr): the markup of `#root` for the page's address and anonymous answers.
 */
export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  /** The query cache the page was rendered with, JSON ('' for none): the browser hydrates from it. */
  queries: string;
  /** The answers (by preloadKey) the render used. */
  used: string[];
}

export type RenderPage = (url: string, answers: Record<string, unknown>) => Promise<RenderedPage>;

/** The web build's render, or null (logged) when there is none or it cannot be loaded. */
export async function loadRenderer(
  file: string,
  log: FastifyBaseLogger,
): Promise<RenderPage | null> {
  if (!file || !fs.existsSync(file)) return null;
  try {
    const mod = (await import(pathToFileURL(file).href)) as { render?: unknown };
    if (typeof mod.render !== 'function') throw new Error(`${file} has no render function`);
    return mod.render as RenderPage;
  } catch (err) {
    log.error({ err }, 'page render not loaded: pages go out as the bare shell');
    return null;
  }
}

/** The page's render, and how long it took (ms); null (logged) when rendering failed. */
export async function renderPage(
  render: RenderPage | null,
  url: string,
  answers: Record<string, unknown>,
  log: FastifyBaseLogger,
): Promise<{ page: RenderedPage; ms: number } | null> {
  if (!render) return null;
  const start = performance.now();
  try {
    const page = await render(url, answers);
    return { page, ms: performance.now() - start };
  } catch (err) {
    log.error({ err, url }, 'page render failed: the bare shell goes out');
    return null;
  }
}
