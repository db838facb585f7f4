import path from 'node:path';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    // A bound for a test that hangs, not a measure of speed: screens driven by user-event in
    // jsdom take 2-4 s each on two busy cores, where Vitest's 5 s default failed passing tests.
    testTimeout: 30_000,
  },
});
