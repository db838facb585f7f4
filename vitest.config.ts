import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

// Two cores: keep the worker count small so database tests do not starve each other.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          root: 'packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The page tests render the storefront's first view from its source (apps/web).
        resolve: { alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, '**/*.mocks.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The files of a worker share one module graph: importing the whole app once per
          // worker instead of once per file took the suite from 340 s to about 200 s here. Each
          // file still has its own database and app (test/helpers.ts).
          isolate: false,
        },
      },
      {
        // Files that replace modules (vi.mock) need a module graph of their own.
        resolve: { alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
        test: {
          name: 'server-mocks',
          root: 'apps/server',
          include: ['src/**/*.mocks.test.ts', 'test/**/*.mocks.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-client',
          root: 'packages/api-client',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        resolve: { alias: { '@': path.resolve(import.meta.dirname, 'apps/console/src') } },
        test: {
          name: 'console',
          root: 'apps/console',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test-setup.ts'],
          // Ant Design screens render slowly in jsdom, more so on two busy cores.
          testTimeout: 30_000,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
