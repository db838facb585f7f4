import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';
const proxied = ['/client', '/yifanglab-client', '/manage', '/files'];

/**
 * Writes `.br` (best quality) and `.gz` copies of the built assets, which the server sends as
 * they are (README "Performance"): smaller than compressing on the fly, and no CPU per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'labshop-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!file.startsWith('assets/') || !/\.(js|css|json|svg)$/.test(file)) continue;
        const full = path.join(outDir, file);
        const body = fs.readFileSync(full);
        if (body.length < 1024) continue;
        fs.writeFileSync(
          `${full}.br`,
          brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
        fs.writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * Puts the storefront's stylesheet into index.html itself: the first paint then waits for no
 * second request (the whole sheet is about 10 KB compressed, and the app is one page).
 */
function inlineStyles(): Plugin {
  return {
    name: 'labshop-inline-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(
          /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
          (tag: string, file: string) => {
            const asset = ctx.bundle?.[file];
            if (asset?.type !== 'asset') return tag;
            return `<style>${String(asset.source).replace(/<\/style/gi, '<\\/style')}</style>`;
          },
        );
      },
    },
  };
}

/**
 * `vite build` makes the storefront; `vite build --ssr src/entry-server.tsx` (the second step of `npm run build`) makes
 * the server's render of it, dist/.ssr/entry-server.js (docs/web.md, "First view from the
 * server"): one module with its packages inside, so the server needs none of the web app's.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), inlineStyles(), precompress()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: apiTarget, changeOrigin: true }])),
  },
  ssr: { noExternal: true, target: 'node' },
  // The manifest tells the server which files each page's route needs (modulepreload links).
  build: isSsrBuild
    ? {
        target: 'node20',
        outDir: 'dist/.ssr',
        sourcemap: false,
        copyPublicDir: false,
        rollupOptions: {
          output: { entryFileNames: 'entry-server.js', chunkFileNames: 'chunks/[name]-[hash].js' },
        },
      }
    : { target: 'es2020', sourcemap: false, manifest: true },
}));
