// Builds the server into one ES module, dist/server.js, that plain Node runs in production.
// Packages stay in node_modules (native drivers among them); the shared workspace package is
// TypeScript source, so it is bundled in.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  // The pipeline bench builds its own copy (bench/pipeline.ts), never the one `npm start` runs.
  outfile: process.env.SERVER_OUTFILE ?? 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@labshop/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
