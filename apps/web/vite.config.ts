import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';
import { defineConfig, defaultClientConditions, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const api = { target: 'http://localhost:8080', changeOrigin: false };

/**
 * Chunks carry the name of what they hold, so a test can tell from the requested URLs that a
 * portal page loaded no part of the signed-in app: `entry-*` (the path switch in main.tsx),
 * `portal-*` (the public portal), `vendor-*` (React, the router, TanStack Query: shared by both),
 * `app-*` (the signed-in app and its antd).
 */
const CHUNK_GROUPS = [
  { name: 'vendor-react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'vendor-router', test: /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
  { name: 'vendor-query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
  {
    name: 'app-antd',
    test: /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@emotion|dayjs)[\\/]/,
  },
];

/**
 * Brotli and gzip copies of every script, stylesheet and SVG next to it, made once at build time,
 * so the server can send them as they are (@fastify/static `preCompressed`) instead of
 * compressing on every request: the portal's scripts shrink to about a third on the wire.
 */
function precompress(): Plugin {
  return {
    name: 'drp-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      const brotli = promisify(brotliCompress);
      const gzip = promisify(gzipCallback);
      const files = Object.keys(bundle).filter((name) => /\.(js|css|svg)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const bytes = await readFile(path.join(dir, name));
          if (bytes.length < 1024) return;
          // The best Brotli costs seconds per megabyte: the app's big chunks take a quicker level.
          const quality = bytes.length > 300_000 ? 7 : 11;
          const params = {
            [constants.BROTLI_PARAM_QUALITY]: quality,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          };
          await writeFile(path.join(dir, `${name}.br`), await brotli(bytes, { params }));
          await writeFile(path.join(dir, `${name}.gz`), await gzip(bytes, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * React, the router and TanStack Query are needed by both bundles, whichever main.tsx picks:
 * index.html preloads them so they download beside the entry instead of after it.
 */
function preloadSharedVendors(): Plugin {
  return {
    name: 'drp-preload-shared-vendors',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const shared = Object.values(ctx.bundle ?? {}).filter(
          (file) => file.type === 'chunk' && /^assets\/(vendor-|rolldown-runtime-)/.test(file.fileName),
        );
        return shared.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file.fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), preloadSharedVendors()],
  // Use the domain package's TypeScript source directly; no separate build step for the browser.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/entry-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        codeSplitting: { groups: CHUNK_GROUPS },
      },
    },
  },
  server: { proxy: { '/api': api, '/uaa': api } },
});
