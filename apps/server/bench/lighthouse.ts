import http from 'node:http';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM } from './web.ts';

export interface LighthouseScore {
  route: string;
  /** Performance category, 0-100 (mobile form factor, simulated slow 4G and 4x CPU slowdown). */
  score: number;
  /** First and largest contentful paint, total blocking time (ms), cumulative layout shift. */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Main-thread time by kind of work (Lighthouse's groups: scriptEvaluation, styleLayout...), ms. */
  mainThread: Record<string, number>;
  /**
   * Lighthouse's measure of the host's CPU (`environment.benchmarkIndex`). Its simulated 4x
   * slowdown assumes a host of about 1000 or more and warns below that: on a slower host the
   * same page's main-thread time, and so its TBT and score, come out worse.
   */
  benchmarkIndex: number;
}

/** The kinds of main-thread work Lighthouse reports, in the order the bench prints them. */
export const MAIN_THREAD_GROUPS = [
  'scriptEvaluation',
  'scriptParseCompile',
  'styleLayout',
  'paintCompositeRender',
  'parseHTML',
  'garbageCollection',
  'other',
] as const;

interface BreakdownItem {
  group: string;
  duration: number;
}

/** The middle value (lower middle for an even count). */
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

/**
 * Lighthouse's default (mobile) performance audit of each URL, in a Chromium started with a
 * DevTools port Lighthouse connects to. Simulated throttling scales the CPU time it observes, so
 * on a busy machine single runs scatter: each URL is audited `runs` times and every figure is
 * the median of its runs.
 */
export async function lighthouseScores(
  routes: ReadonlyArray<{ route: string; url: string }>,
  devtoolsPort: number,
  runs = 3,
  cpuSlowdownMultiplier?: number,
  /** Requests Chromium refuses during the audit (`['*.js']`: the page's markup alone). */
  blockedUrlPatterns?: string[],
): Promise<LighthouseScore[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', `--remote-debugging-port=${devtoolsPort}`],
  });
  try {
    const out: LighthouseScore[] = [];
    for (const { route, url } of routes) {
      const samples: Array<Omit<LighthouseScore, 'route'>> = [];
      // A run whose trace failed (NO_NAVSTART and the like on a busy machine) is run again.
      for (let attempt = 0; samples.length < runs && attempt < runs * 2; attempt++) {
        const result = await lighthouse(url, {
          port: devtoolsPort,
          onlyCategories: ['performance'],
          logLevel: 'error',
          // Default 4. A larger one stands in for a slower host, as Lighthouse's own throttling
          // guide calibrates it from benchmarkIndex: a trial setting, not the budget's.
          ...(cpuSlowdownMultiplier ? { throttling: { cpuSlowdownMultiplier } } : {}),
          ...(blockedUrlPatterns ? { blockedUrlPatterns } : {}),
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
        const { lhr } = result;
        if (lhr.runtimeError) continue;
        const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const breakdown = lhr.audits['mainthread-work-breakdown']?.details as
          { items?: BreakdownItem[] } | undefined;
        const mainThread: Record<string, number> = {};
        for (const item of breakdown?.items ?? []) {
          mainThread[item.group] = (mainThread[item.group] ?? 0) + item.duration;
        }
        samples.push({
          mainThread,
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          fcpMs: metric('first-contentful-paint'),
          lcpMs: metric('largest-contentful-paint'),
          tbtMs: metric('total-blocking-time'),
          cls: metric('cumulative-layout-shift'),
          benchmarkIndex: lhr.environment.benchmarkIndex,
        });
      }
      if (samples.length === 0) throw new Error(`Lighthouse failed on every run of ${url}`);
      const of = (key: Exclude<keyof (typeof samples)[number], 'mainThread'>) =>
        median(samples.map((s) => s[key]));
      const groups = new Set(samples.flatMap((s) => Object.keys(s.mainThread)));
      const mainThread = Object.fromEntries(
        [...groups].map((g) => [g, median(samples.map((s) => s.mainThread[g] ?? 0))]),
      );
      out.push({
        route,
        score: of('score'),
        fcpMs: of('fcpMs'),
        lcpMs: of('lcpMs'),
        tbtMs: of('tbtMs'),
        cls: of('cls'),
        benchmarkIndex: of('benchmarkIndex'),
        mainThread,
      });
    }
    return out;
  } finally {
    await browser.close();
  }
}

/**
 * The host's floor: a page with one heading and one line of Chinese, no script, no stylesheet,
 * no picture. Whatever Lighthouse counts on it is the browser's own cost on this host (starting
 * the document, its fonts, the first layout and paint), which every storefront page pays too;
 * where this page alone scores under the budget, no page of the shop can meet it on that host.
 */
export const FLOOR_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>空白页</title></head>
<body><h1>实验室标准品</h1><p>按中文名、英文名、货号或 CAS 号搜索。</p></body></html>
`;

/** Serves FLOOR_PAGE at every path on 127.0.0.1:`port`, until the returned server is closed. */
export async function serveFloorPage(port: number): Promise<http.Server> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(FLOOR_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
