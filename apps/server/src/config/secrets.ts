import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.js';

export interface Secrets {
  /** Signs the short-lived sign-in cookie between /uaa/login and /uaa/oauth/authorize. */
  authKey: Uint8Array;
}

/**
 * Secrets come from the environment when given; otherwise they are generated once into
 * DATA_DIR (mode 0600) so that restarts keep sessions and nothing secret ships in the repo.
 */
export async function loadSecrets(config: Config): Promise<Secrets> {
  if (config.authSecret) return { authKey: new TextEncoder().encode(config.authSecret) };
  const file = path.join(config.dataDir, 'secrets.json');
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as { authKey: string };
    return { authKey: Buffer.from(stored.authKey, 'base64') };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const authKey = randomBytes(32);
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, JSON.stringify({ authKey: authKey.toString('base64') }), { mode: 0o600 });
  return { authKey };
}
