import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * pdf.js's CMaps, standard fonts, ICC profiles and wasm decoders, served from our own origin under
 * `/pdfjs/` (viewers.md §7: no CDN): copied into the build, and served from node_modules by the
 * dev server. The QuickJS sandbox is left out: no script inside a PDF ever runs here.
 */
const FOLDERS = ['cmaps', 'standard_fonts', 'iccs', 'wasm'];
const SKIP = /quickjs|^LICENSE/;

const pdfjsRoot = () => path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

export function pdfjsAssets(): Plugin {
  return {
    name: 'drp-pdfjs-assets',
    async generateBundle() {
      if (this.environment.config.command !== 'build') return;
      const root = pdfjsRoot();
      for (const folder of FOLDERS) {
        const dir = path.join(root, folder);
        for (const name of await readdir(dir)) {
          if (SKIP.test(name)) continue;
          this.emitFile({
            type: 'asset',
            fileName: `pdfjs/${folder}/${name}`,
            source: await readFile(path.join(dir, name)),
          });
        }
      }
    },
    configureServer(server) {
      const root = pdfjsRoot();
      server.middlewares.use('/pdfjs/', (req, res, next) => {
        const [folder, name] = (req.url ?? '').split('?')[0]!.replace(/^\//, '').split('/');
        if (!folder || !name || !FOLDERS.includes(folder) || SKIP.test(name) || name.includes('..'))
          return next();
        const file = path.join(root, folder, name);
        stat(file).then(
          () => createReadStream(file).pipe(res),
          () => next(),
        );
      });
    },
  };
}
