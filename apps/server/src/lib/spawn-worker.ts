import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Starts a worker thread on the module `name` (without extension) beside `here` (the caller's
 * import.meta.url): the built `.js` in production, or, from the sources (tests, `npm run dev`),
 * the `.ts` file compiled by tsx as the process is.
 */
export function spawnWorker(here: string, name: string): Worker {
  if (!here.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, here));
  // require.resolve finds tsx's CommonJS build; the thread needs its ES module twin beside it.
  const tsx = pathToFileURL(
    createRequire(here)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const entry = new URL(`./${name}.ts`, here).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`,
    { eval: true },
  );
}
