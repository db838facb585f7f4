/**
 * Server-side page text for crawlers that run no JavaScript: the built storefront shell gets the
 * page's own title, description, canonical URL, structured data and main content. Everything that
 * comes from the database passes through `escapeHtml` (or `jsonForScript`) on the way in.
 */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** JSON inside a <script> element: `<`, `>`, `&` and the JS line separators never appear raw. */
const jsonForScript = (value: unknown): string =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

const decodeEntities = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? parseInt(name.slice(2), 16)
          : parseInt(name.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : '';
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });

/**
 * Plain paragraphs of a rich-text (HTML) field. Crawlers get its words, never its markup: the
 * result is text to be escaped, so nothing the editor stored can run in the page.
 */
export function htmlToParagraphs(html: string): string[] {
  const text = html
    .replace(/<(script|style|template|iframe|object)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(br|\/p|\/div|\/h[1-6]|\/li|\/tr|\/section|\/article|\/blockquote)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, ' ');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** First `max` characters of a text, cut at a character, for meta descriptions. */
export const clip = (text: string, max = 160): string => {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
};

/** Escaped-text helpers that build small HTML fragments. */
export const el = (tag: string, text: string, attrs = ''): string =>
  `<${tag}${attrs}>${escapeHtml(text)}</${tag}>`;

export const link = (href: string, text: string): string =>
  `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

export interface SeoPage {
  /** Whole <title> text. */
  title: string;
  description: string;
  /** Path and query of the canonical address, e.g. `/products/12`. */
  canonicalPath: string;
  /** Main content, already escaped HTML built with the helpers above. */
  content: string;
  /** schema.org structured data. */
  jsonLd?: Record<string, unknown>;
  /** 404 pages keep the shell (the app shows its own message) but tell crawlers to drop them. */
  status?: 200 | 404;
}

const TITLE_RE = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION_RE = /<meta\s+name="description"[^>]*>/;

/** What makes the page's first view fast (see seo.preload.ts): head links and the answers. */
export interface ShellExtras {
  /** Preload and modulepreload links, already HTML. */
  head: string[];
  /** The first view's answers element (and the rendered view's query cache), HTML ('' for none). */
  answers: string;
  /** The storefront's own markup of the first view (seo.render.ts), for `#root`. */
  root?: string;
  /** The route's own modules: preloaded with the shell, or after the first paint with `root`. */
  modules?: string[];
}

const ENTRY_RE = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULEPRELOAD_RE = /\s*<link rel="modulepreload" crossorigin href="([^"]+)"\s*\/?>/g;

/**
 * A page with the app's markup paints before any of the app's code is fetched: the shell's
 * module script and preloads become one small classic script (`/start.js`, apps/web/public) that
 * fetches them, and the route's, right after the first paint.
 */
function startAfterPaint(shell: string, modules: readonly string[]): string {
  const entry = ENTRY_RE.exec(shell)?.[1];
  if (!entry) return shell;
  const preloads = [...shell.matchAll(MODULEPRELOAD_RE)].map((m) => m[1]!);
  const all = [...new Set([...preloads, ...modules])].join(' ');
  return shell
    .replace(MODULEPRELOAD_RE, '')
    .replace(
      ENTRY_RE,
      () =>
        `<script defer src="/start.js" data-entry="${escapeHtml(entry)}" data-modules="${escapeHtml(all)}"></script>`,
    );
}

/** `<link rel="modulepreload">` for each module. */
const modulePreloads = (modules: readonly string[]): string[] =>
  modules.map((f) => `<link rel="modulepreload" crossorigin href="${escapeHtml(f)}" />`);

/**
 * The built index.html with the page's head and content. With the app's own markup of the view
 * (`extras.root`), that goes into `#root`: visitors see the page before its code runs, crawlers
 * read it, and the app hydrates it. Without it, the content goes into a <noscript> block:
 * crawlers without JavaScript read it, browsers running the app never lay it out.
 */
export function renderShell(
  shell: string,
  page: SeoPage,
  origin: string,
  extras: ShellExtras = { head: [], answers: '' },
): string {
  const canonical = `${origin}${page.canonicalPath}`;
  const modules = extras.modules ?? [];
  if (extras.root) shell = startAfterPaint(shell, modules);
  const head = [
    ...extras.head,
    ...(extras.root ? [] : modulePreloads(modules)),
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    page.status === 404 ? '<meta name="robots" content="noindex" />' : '',
    page.jsonLd ? `<script type="application/ld+json">${jsonForScript(page.jsonLd)}</script>` : '',
  ]
    .filter(Boolean)
    .join('\n    ');
  const title = `<title>${escapeHtml(page.title)}</title>`;
  const description = `<meta name="description" content="${escapeHtml(page.description)}" />`;
  // In place when the shell has them (the title stays ahead of the scripts), added otherwise.
  const missing = [
    TITLE_RE.test(shell) ? '' : title,
    DESCRIPTION_RE.test(shell) ? '' : description,
  ];
  const added = [...missing.filter(Boolean), head].join('\n    ');
  return shell
    .replace(TITLE_RE, () => title)
    .replace(DESCRIPTION_RE, () => description)
    .replace('</head>', () => `  ${added}\n  </head>`)
    .replace('<div id="root"></div>', () => {
      const after = extras.answers ? `\n    ${extras.answers}` : '';
      return extras.root
        ? `<div id="root">${extras.root}</div>${after}`
        : `<div id="root"></div>\n    <noscript><main>${page.content}</main></noscript>${after}`;
    });
}
