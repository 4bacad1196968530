import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';
import { defineConfig, defaultClientConditions, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { reportPageWeights } from './page-weights.ts';
import { pdfjsAssets } from './pdfjs-assets.ts';

const api = { target: 'http://localhost:8080', changeOrigin: false };

/**
 * Chunks carry the name of what they hold, so a test can tell from the requested URLs that a
 * portal page loaded no part of the signed-in app: `entry-*` (the path switch in main.tsx),
 * `portal-*` (the public portal), `vendor-*` (React, the router, TanStack Query: shared by both),
 * `app-*` (the signed-in app and its antd).
 */
const CHUNK_GROUPS = [
  { name: 'vendor-react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
  {
    name: 'vendor-router',
    test: /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/,
    priority: 2,
  },
  { name: 'vendor-query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 2 },
  // What main.tsx imports (and Vite's helpers): into the entry chunk, not into small chunks of
  // their own because the app's chunks import them too.
  { name: 'entry', test: (id: string) => entryModules.has(id) || !path.isAbsolute(id), priority: 3 },
  {
    name: 'app-main',
    tags: ['$initial' as const],
    // Not the entry's modules, nor Vite's helpers (virtual modules), which the entry uses too.
    test: (id: string) => path.isAbsolute(id) && !entryModules.has(id),
    priority: 1,
    includeDependenciesRecursively: false,
  },
];

/**
 * The app's chunks are named after their first module (a screen, an antd component); `app-` in
 * front tells them from the portal's and the shared ones.
 */
function chunkFileName(chunk: { name: string; moduleIds: string[] }) {
  const portal = chunk.moduleIds.every((id) => /[\\/]src[\\/]portal[\\/]/.test(id));
  const own = portal || /^(entry|vendor-|app-main|rolldown-runtime)/.test(chunk.name);
  return own ? 'assets/[name]-[hash].js' : 'assets/app-[name]-[hash].js';
}

/**
 * What the entry (main.tsx) imports statically: it stays in the entry chunk, which the portal
 * loads too. Collected from the module graph (main.tsx imports only small local modules).
 */
const entryModules = new Set<string>();
function collectEntryModules(): Plugin {
  return {
    name: 'drp-entry-modules',
    apply: 'build',
    buildEnd() {
      const visit = (id: string) => {
        if (entryModules.has(id)) return;
        entryModules.add(id);
        const info = this.getModuleInfo(id);
        // Rolldown lists dynamic imports among `importedIds` too: follow only the static ones.
        info?.importedIds.filter((i) => !info.dynamicallyImportedIds.includes(i)).forEach(visit);
      };
      visit(path.resolve(import.meta.dirname, 'index.html'));
      visit(path.resolve(import.meta.dirname, 'src/main.tsx'));
    },
  };
}

/**
 * Brotli and gzip copies of every script, stylesheet and SVG next to it, made once at build time,
 * so the server can send them as they are (@fastify/static `preCompressed`) instead of
 * compressing on every request: the portal's scripts shrink to about a third on the wire.
 * The Brotli sizes are what a browser downloads, so the same hook weighs the pages with them.
 */
function precompress(): Plugin {
  return {
    name: 'drp-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      const brotli = promisify(brotliCompress);
      const gzip = promisify(gzipCallback);
      // .mjs: the pdf.js worker, which the viewer loads when it renders with pdf.js.
      const files = Object.keys(bundle).filter((name) => /\.(m?js|css|svg)$/.test(name));
      const wireSize = new Map<string, number>();
      await Promise.all(
        files.map(async (name) => {
          const bytes = await readFile(path.join(dir, name));
          wireSize.set(name, bytes.length);
          if (bytes.length < 1024) return;
          // The best Brotli costs seconds per megabyte, but the first chunks' weight decides how
          // soon a page shows (issue 16): only chunks over a megabyte take a quicker level.
          const quality = bytes.length > 1_000_000 ? 9 : 11;
          const params = {
            [constants.BROTLI_PARAM_QUALITY]: quality,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          };
          const compressed = await brotli(bytes, { params });
          wireSize.set(name, compressed.length);
          await writeFile(path.join(dir, `${name}.br`), compressed);
          await writeFile(path.join(dir, `${name}.gz`), await gzip(bytes, { level: 9 }));
        }),
      );
      reportPageWeights(this, bundle, wireSize);
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

/**
 * The domain package is data, zod schemas and pure functions: a module whose exports a bundle
 * does not use can be left out. Without this, importing one constant from its index brings
 * every contract and the region table (about 60 kB compressed) into the app's first chunk.
 */
function pureDomain(): Plugin {
  return {
    name: 'drp-pure-domain',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]packages[\\/]domain[\\/]src[\\/]/ },
      handler: () => ({ moduleSideEffects: false }),
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    pureDomain(),
    collectEntryModules(),
    precompress(),
    preloadSharedVendors(),
    pdfjsAssets(),
  ],
  // Use the domain package's TypeScript source directly; no separate build step for the browser.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        'app-main': path.resolve(import.meta.dirname, 'src/app/app-main.tsx'),
      },
      output: {
        entryFileNames: (chunk) =>
          chunk.name === 'app-main' ? 'assets/app-main-[hash].js' : 'assets/entry-[hash].js',
        chunkFileNames: chunkFileName,
        codeSplitting: { groups: CHUNK_GROUPS },
      },
    },
  },
  server: { proxy: { '/api': api, '/uaa': api } },
});
