import { expect, test } from '../support/test';

test('unknown routes redirect to the home page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/$/);
});
