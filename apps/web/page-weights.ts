import path from 'node:path';
import type { Rolldown } from 'vite';

/**
 * What a first visit to a page downloads, read from the bundle graph: the chunks holding the
 * modules the page starts (the entry, then what main.tsx and the router import for that path)
 * and every chunk those import statically, weighed compressed as the server sends them. The
 * build fails when a page is over its budget (issue 16), so a heavy import shows up in review
 * rather than in a slow first page.
 */
interface PageWeight {
  page: string;
  /** Modules under apps/web whose chunks the page loads, each with what it imports statically. */
  modules: string[];
  /** Compressed bytes (1 kB = 1000 bytes) of JavaScript the page may load. */
  budget: number;
}

const APP = ['src/main.tsx', 'src/app/app-main.tsx', 'src/config/languages/zh-CN.ts'];

export const PAGE_WEIGHTS: PageWeight[] = [
  {
    page: 'sign-in /sys_sso/login',
    modules: APP,
    // 250 kB until issue 18, which stood exactly on it: the route table's entry for the drawing
    // viewer (its path and the names of the chunks it preloads) adds 0.4 kB; the viewer's code
    // itself loads only on its route. Issue 19's screens (missions, bad actions, notices, the
    // calendar and the clause library) add their rows to the route table the same way, about
    // 30 bytes a route compressed: 253 kB. Once the table outgrows that, each area's rows should
    // load with the area (react-router's lazy routes), not with the sign-in page.
    budget: 253_000,
  },
  {
    page: 'area landing /sys_apply',
    modules: [
      ...APP,
      'src/config/locales/zh-CN.ts',
      'src/features/auth/components/require-area.tsx',
      'src/app/layouts/area-layout.tsx',
      'src/app/routes/areas/area-home-page.tsx',
    ],
    budget: 400_000,
  },
  {
    // The public portal's home, which must stay light on a phone (its pages are in portal-main).
    page: 'portal /sys_out_sys/index',
    modules: ['src/main.tsx', 'src/portal/portal-main.tsx'],
    budget: 120_000,
  },
];

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1).padStart(6)} kB`;

type Chunk = Rolldown.OutputChunk;
type Context = { error(message: string): never };

/**
 * Prints the weight of each page above and of each lazily loaded screen (what it adds to the app
 * once the app is there), and fails the build when a page is over its budget. `wireSize` gives
 * each file's compressed size (its own size when it is too small to compress).
 */
export function reportPageWeights(
  context: Context,
  bundle: Rolldown.OutputBundle,
  wireSize: Map<string, number>,
) {
  const root = import.meta.dirname;
  const chunks = Object.values(bundle).filter((file): file is Chunk => file.type === 'chunk');
  const chunkOf = new Map<string, Chunk>();
  for (const chunk of chunks) for (const id of chunk.moduleIds) chunkOf.set(id, chunk);
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));

  /** The chunks a set of chunks needs before it runs: itself and all it imports statically. */
  const closure = (start: Chunk[]) => {
    const seen = new Set<string>();
    const visit = (chunk: Chunk) => {
      if (seen.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      for (const name of chunk.imports) visit(byName.get(name)!);
    };
    start.forEach(visit);
    return seen;
  };
  const weigh = (files: Set<string>) => {
    let total = 0;
    for (const file of files) {
      const size = wireSize.get(file);
      if (size === undefined) context.error(`page weights: no compressed size for ${file}`);
      total += size;
    }
    return total;
  };
  const chunkFor = (module: string) => {
    const chunk = chunkOf.get(path.join(root, module));
    if (!chunk) context.error(`page weights: ${module} is in no chunk (renamed? update page-weights.ts)`);
    return chunk;
  };

  const lines = ['JavaScript on first load, compressed (Brotli):'];
  const over: string[] = [];
  for (const { page, modules, budget } of PAGE_WEIGHTS) {
    const files = closure(modules.map(chunkFor));
    const size = weigh(files);
    const verdict = size > budget ? 'OVER BUDGET' : 'ok';
    lines.push(
      `  ${page.padEnd(30)} ${kB(size)}  (budget ${kB(budget).trim()}, ${files.size} files) ${verdict}`,
    );
    // DRP_PAGE_WEIGHTS=files lists what makes a page heavy, heaviest first (=modules: and in them).
    if (process.env.DRP_PAGE_WEIGHTS)
      for (const file of [...files].sort((a, b) => wireSize.get(b)! - wireSize.get(a)!)) {
        lines.push(`      ${file.padEnd(56)} ${kB(wireSize.get(file)!)}`);
        if (process.env.DRP_PAGE_WEIGHTS !== 'modules') continue;
        const modules = Object.entries(byName.get(file)!.modules).sort(
          ([, a], [, b]) => b.renderedLength - a.renderedLength,
        );
        for (const [id, { renderedLength }] of modules.slice(0, 12))
          lines.push(`        ${path.relative(root, id).padEnd(80)} ${renderedLength} raw`);
      }
    if (size > budget) over.push(`${page}: ${kB(size).trim()} > ${kB(budget).trim()}`);
  }

  const app = closure(APP.map(chunkFor));
  const screens = chunks
    .filter((chunk) => chunk.isDynamicEntry && !app.has(chunk.fileName) && chunk.facadeModuleId)
    .map((chunk) => {
      const added = new Set([...closure([chunk])].filter((file) => !app.has(file)));
      return { module: path.relative(root, chunk.facadeModuleId!), size: weigh(added) };
    })
    .sort((a, b) => b.size - a.size);
  lines.push('  Lazily loaded modules, what each adds to the app:');
  for (const { module, size } of screens) lines.push(`    ${module.padEnd(60)} ${kB(size)}`);
  // Printed whatever the log level: build.mjs runs vite with --logLevel warn.
  console.log(lines.join('\n'));
  if (over.length > 0) context.error(`page weight over budget: ${over.join('; ')}`);
}
