import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  BANNER_LINK_GROUP,
  PRELOADED_ANSWERS_ID,
  preloadKey,
  SERVER_QUERIES_ID,
  UI,
} from '@labshop/shared';
import { escapeHtml } from './seo.html.ts';

/**
 * What a storefront page carries so its first view needs no second round trip (docs/api.md,
 * "Answers inside the page"): `modulepreload` links for the route's own code, a preload of the
 * picture that will be the largest on screen, and the anonymous answers of the calls the first
 * view makes, each computed by this server exactly as the browser would have received it.
 */

/** One call of the first view, as the storefront's api client makes it. */
export interface FirstCall {
  method: 'GET' | 'POST';
  /** Path and query string, built like the client's (URLSearchParams in the same order). */
  url: string;
  body?: Record<string, unknown>;
}

/** Storefront pages whose first view the server prepares; each names its route module. */
export const PAGE_MODULES = {
  home: 'src/app/routes/home.tsx',
  products: 'src/app/routes/products.tsx',
  product: 'src/app/routes/product-detail.tsx',
  search: 'src/app/routes/search.tsx',
  literatureList: 'src/app/routes/literature.tsx',
  literature: 'src/app/routes/literature-detail.tsx',
  article: 'src/app/routes/article.tsx',
} as const;
export type PageName = keyof typeof PAGE_MODULES;

const get = (pathName: string, params?: Record<string, string | number>): FirstCall => {
  const q = new URLSearchParams(
    Object.entries(params ?? {}).map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();
  return { method: 'GET', url: q ? `${pathName}?${q}` : pathName };
};
const post = (url: string, body: Record<string, unknown>): FirstCall => ({
  method: 'POST',
  url,
  body,
});

/** Calls the header and footer make on every page. */
export const LAYOUT_CALLS: FirstCall[] = [
  get('/client/v1/products/search-keys'),
  get('/client/v1/categories/children', { pid: 0 }),
  get('/client/v1/system/company'),
];

export const homeCalls = (): FirstCall[] => [
  get('/client/v1/links', { cid: BANNER_LINK_GROUP, size: UI.bannerLinkSize }),
  post('/client/v1/products/part', { tag: 'new', page: 1, size: UI.homeCarouselCount }),
  post('/client/v1/products/part', { tag: 'hot', page: 1, size: UI.homeCarouselCount }),
];

export const productCalls = (id: number): FirstCall[] => [get(`/client/v1/products/${id}`)];

/** The product list's first page of a tag (热门 / 最新), as its infinite list asks for it. */
export const productListCalls = (tag: 'hot' | 'new'): FirstCall[] => [
  post('/client/v1/products/part', { tag, page: 1, size: UI.productsPageSize }),
];

export const searchCalls = (key: string, brandId: number | null, page: number): FirstCall[] =>
  key === ''
    ? []
    : [post('/client/v1/products', { key, brandId, page, size: UI.searchPageSize, facets: true })];

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The built files each page's route module needs besides those the shell already loads, from
 * Vite's build manifest; empty when the build has none (an older build still works, unhurried).
 */
export function routeAssets(webDir: string): Record<PageName, string[]> {
  const out = Object.fromEntries(
    Object.keys(PAGE_MODULES).map((page) => [page, [] as string[]]),
  ) as Record<PageName, string[]>;
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(
      fs.readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, ManifestChunk>;
  } catch {
    return out;
  }
  const inShell = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const css of chunk.css ?? []) into.add(css);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  collect('index.html', inShell);
  for (const [page, key] of Object.entries(PAGE_MODULES) as Array<[PageName, string]>) {
    const files = new Set<string>();
    collect(key, files);
    out[page] = [...files].filter((f) => !inShell.has(f)).map((f) => `/${f}`);
  }
  return out;
}

/** `<link>` elements that fetch a page's route styles while the shell loads. */
export function styleLinks(files: readonly string[]): string[] {
  return files
    .filter((f) => f.endsWith('.css'))
    .map((f) => `<link rel="stylesheet" crossorigin href="${escapeHtml(f)}" />`);
}

/** A page's route modules (JavaScript), preloaded by the page (seo.html.ts). */
export const routeModules = (files: readonly string[]): string[] =>
  files.filter((f) => !f.endsWith('.css'));

/** A high-priority fetch of the picture the first view shows largest. */
export const imagePreload = (src: string): string =>
  `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(src)}" />`;

/** JSON text that is safe inside a <script> element (escapes only occur inside JSON strings). */
const scriptSafe = (json: string): string =>
  json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export interface FirstAnswers {
  /** Each successful answer's envelope as JSON text, by `preloadKey`. */
  texts: Map<string, string>;
  /** The same envelopes, parsed. */
  envelopes: Record<string, unknown>;
  /** Each successful answer's data by call, for choosing the picture to preload. */
  data: Map<FirstCall, unknown>;
}

/**
 * Runs the calls through this server as an anonymous visitor and keeps the successful
 * answers (envelope code 0); a failing call is left to the browser, which shows its own state.
 */
export async function firstAnswers(
  app: FastifyInstance,
  calls: readonly FirstCall[],
): Promise<FirstAnswers> {
  const results = await Promise.all(
    calls.map(async (call) => {
      try {
        const res = await app.inject({
          method: call.method,
          url: call.url,
          headers: { accept: 'application/json' },
          ...(call.body ? { payload: call.body } : {}),
        });
        if (res.statusCode !== 200) return null;
        const env = res.json<{ code?: number; data?: unknown }>();
        return (env.code ?? 0) === 0 ? { call, text: res.payload, env } : null;
      } catch {
        return null;
      }
    }),
  );
  const ok = results.filter((r) => r !== null);
  const keyOf = (r: (typeof ok)[number]) => preloadKey(r.call.method, r.call.url, r.call.body);
  return {
    texts: new Map(ok.map((r) => [keyOf(r), r.text])),
    envelopes: Object.fromEntries(ok.map((r) => [keyOf(r), r.env])),
    data: new Map(ok.map((r) => [r.call, r.env.data])),
  };
}

/**
 * The `<script type="application/json">` element of the answers, less those left out (the ones
 * the server's render already used: they travel in its query cache); '' when none remain.
 */
export function answersHtml(
  texts: ReadonlyMap<string, string>,
  leaveOut: readonly string[] = [],
): string {
  const skip = new Set(leaveOut);
  const entries = [...texts]
    .filter(([key]) => !skip.has(key))
    .map(([key, text]) => `${JSON.stringify(key)}:${text}`);
  if (entries.length === 0) return '';
  return `<script type="application/json" id="${PRELOADED_ANSWERS_ID}">${scriptSafe(`{${entries.join(',')}}`)}</script>`;
}

/** The query cache the server rendered the first view with, for the browser to hydrate from. */
export const serverQueriesHtml = (json: string): string =>
  json
    ? `<script type="application/json" id="${SERVER_QUERIES_ID}">${scriptSafe(json)}</script>`
    : '';
