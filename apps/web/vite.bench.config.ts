import path from 'node:path';
import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import { pdfjsAssets } from './pdfjs-assets.ts';

/**
 * The viewer benchmark's own page (`npm run bench`, apps/server/src/bench/bench-viewer.ts): the
 * sheet engine and stock pdf.js side by side, built apart from the product into bench/dist, which
 * the benchmark's server serves as its web root. Not a route of the app.
 */
export default defineConfig({
  root: path.resolve(import.meta.dirname, 'bench'),
  plugins: [react(), pdfjsAssets()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  logLevel: 'warn',
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 4000 },
});
