import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';
const proxied = ['/client', '/manage', '/files', '/docs'];

// The console is served by the API server under /console/, beside the storefront.
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5174,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: apiTarget, changeOrigin: true }])),
  },
  build: { target: 'es2020', sourcemap: false, chunkSizeWarningLimit: 1500 },
});
