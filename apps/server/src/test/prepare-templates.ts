/**
 * Run by the server projects' global setup as a child process (`node --conditions source --import
 * tsx`), because Vitest loads global setups without the `source` condition and the seed must read
 * @drp/domain from source, not a build that may be stale. Prints the templates as one JSON line.
 */
import { preparePgliteTemplates, preparePostgresTemplates } from './database-templates.js';

const engine = process.argv[2];
if (engine === 'postgres') {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('DRP_TEST_DB=postgres needs TEST_DATABASE_URL');
  console.log(JSON.stringify({ postgres: await preparePostgresTemplates(adminUrl) }));
} else {
  console.log(JSON.stringify({ pglite: await preparePgliteTemplates() }));
}
