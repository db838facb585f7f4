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
}

/**
 * Lighthouse's default (mobile) performance audit of each URL, in a Chromium started with a
 * DevTools port Lighthouse connects to.
 */
export async function lighthouseScores(
  routes: ReadonlyArray<{ route: string; url: string }>,
  devtoolsPort: number,
): Promise<LighthouseScore[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', `--remote-debugging-port=${devtoolsPort}`],
  });
  try {
    const out: LighthouseScore[] = [];
    for (const { route, url } of routes) {
      const result = await lighthouse(url, {
        port: devtoolsPort,
        onlyCategories: ['performance'],
        logLevel: 'error',
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const { lhr } = result;
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      out.push({
        route,
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcpMs: metric('first-contentful-paint'),
        lcpMs: metric('largest-contentful-paint'),
        tbtMs: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
      });
    }
    return out;
  } finally {
    await browser.close();
  }
}
