// Builds domain and server (tsc -b) and the web app (vite). With --if-stale it skips the build
// when no source, config or lockfile changed since the last one, so a second `npm start` is quick.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, '.build-stamp');
const inputs = [
  'package-lock.json',
  'tsconfig.base.json',
  'packages/domain/src',
  'packages/domain/tsconfig.json',
  'packages/domain/package.json',
  'apps/server/src',
  'apps/server/tsconfig.json',
  'apps/server/package.json',
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/page-weights.ts',
  'apps/web/package.json',
];
const outputs = ['packages/domain/dist/index.js', 'apps/server/dist/server.js', 'apps/web/dist/index.html'];

function fingerprint() {
  const hash = createHash('sha256');
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const name of readdirSync(p).sort()) visit(path.join(p, name));
    } else {
      hash.update(`${path.relative(root, p)}:${stat.size}:${stat.mtimeMs}\n`);
    }
  };
  for (const input of inputs) visit(path.join(root, input));
  return hash.digest('hex');
}

const ifStale = process.argv.includes('--if-stale');
const current = fingerprint();
const upToDate =
  existsSync(stampFile) &&
  readFileSync(stampFile, 'utf8') === current &&
  outputs.every((o) => existsSync(path.join(root, o)));
if (ifStale && upToDate) process.exit(0);

const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });
console.log('Building domain, server and web app…');
run(process.execPath, [
  path.join(root, 'node_modules/typescript/bin/tsc'),
  '-b',
  'packages/domain',
  'apps/server',
]);
execFileSync(
  process.execPath,
  [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
  {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  },
);
writeFileSync(stampFile, current);
