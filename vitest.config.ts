import path from 'node:path';
import { defineConfig } from 'vitest/config';

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
