import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL } from './support/env';

/**
 * The system Chromium, and its headless shell when installed (Debian's chromium-headless-shell):
 * the same engine without the full browser's windowing, so each journey costs less CPU. The
 * shell has no PDF viewer, so the journeys that look at a PDF in a frame run in full Chromium.
 * `CHROMIUM_PATH` names one browser for all journeys.
 */
const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHELL = '/usr/bin/chromium-headless-shell';
const LIGHT_CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync(SHELL) ? SHELL : FULL_CHROMIUM);
const NEEDS_PDF_VIEWER = /compliance\.spec\.ts$/;

// Without a browser every journey would fail one by one with Playwright's launch error; say once
// what to install instead (README, "What `npm test` needs and takes").
if (!fs.existsSync(FULL_CHROMIUM)) {
  throw new Error(
    `The journeys need Chromium at ${FULL_CHROMIUM}: apt-get install chromium chromium-headless-shell fonts-noto-cjk (or set CHROMIUM_PATH).`,
  );
}

const launchArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const browser = (executablePath: string) => ({
  ...devices['Desktop Chrome'],
  channel: undefined,
  launchOptions: { executablePath, args: launchArgs },
});

/** Browser journeys against the built shop on a fresh, seeded database, in the system Chromium. */
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  // `npm test` never retries. CI retries once only to report a flaky journey, and a journey that
  // passed only on its retry still fails the run.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', testIgnore: NEEDS_PDF_VIEWER, use: browser(LIGHT_CHROMIUM) },
    { name: 'chromium-pdf', testMatch: NEEDS_PDF_VIEWER, use: browser(FULL_CHROMIUM) },
  ],
});
