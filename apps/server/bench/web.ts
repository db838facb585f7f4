import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const webDir = path.resolve(import.meta.dirname, '../../web');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Builds the storefront into `outDir` (never into apps/web/dist, which others serve), and its
 * server render of the first view into `outDir`/.ssr, where the server looks for it.
 */
export function buildWeb(outDir: string): void {
  const steps = [
    ['vite', 'build', '--outDir', outDir, '--emptyOutDir'],
    ['vite', 'build', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(outDir, '.ssr')],
  ];
  for (const args of steps) {
    const r = spawnSync('npx', [...args, '--logLevel', 'warn'], {
      cwd: webDir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (r.status !== 0) throw new Error(`vite build failed (${r.status ?? r.signal})`);
  }
}

export interface RouteScripts {
  route: string;
  url: string;
  scripts: number;
  /** Sum of each script gzipped on its own (zlib default level), in bytes. */
  gzipBytes: number;
}

/**
 * Opens each URL in a fresh browser context (empty cache, as a first visit), waits until the
 * network is idle, and adds up the JavaScript the page loaded.
 */
export async function firstLoadScripts(
  routes: ReadonlyArray<{ route: string; url: string }>,
): Promise<RouteScripts[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const out: RouteScripts[] = [];
    for (const { route, url } of routes) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const bodies: Array<Promise<Buffer>> = [];
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script') bodies.push(res.body());
      });
      await page.goto(url, { waitUntil: 'networkidle' });
      const scripts = await Promise.all(bodies);
      out.push({
        route,
        url,
        scripts: scripts.length,
        gzipBytes: scripts.reduce((sum, b) => sum + gzipSync(b).length, 0),
      });
      await context.close();
    }
    return out;
  } finally {
    await browser.close();
  }
}
