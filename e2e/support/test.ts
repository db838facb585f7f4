import { test as base } from '@playwright/test';
import { appTookOver } from './storefront';

export { expect } from '@playwright/test';

/**
 * Journeys act as a shopper does once a page works: `page.goto` of a page the server rendered
 * (docs/web.md, "First view from the server") returns when the app has taken it over, since until
 * then a button of the server's markup does nothing. Pages the app renders itself, and pages with
 * JavaScript off, return as usual. The journeys about the first view itself (first-view.spec.ts,
 * seo.spec.ts) use Playwright's own `test` and see the page before takeover.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        const html = response?.headers()['content-type']?.startsWith('text/html') ?? false;
        // The server's rendered pages start the app through start.js; asked for by the page and
        // not by #root's content, which a member's page empties before rendering its own.
        const rendered =
          html &&
          options?.waitUntil !== 'commit' &&
          (await page.locator('script[data-entry]').count()) > 0;
        if (rendered) await appTookOver(page);
        return response;
      };
    }
    await use(page);
  },
});
