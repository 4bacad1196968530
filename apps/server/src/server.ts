import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config/config.js';
import { loadSecrets } from './config/secrets.js';
import { openDatabase } from './db/database.js';
import { seedDemoPortal } from './db/seed/demo-portal-seed.js';
import { seedDemoProjects } from './db/seed/demo-projects-seed.js';
import { seedDemo } from './db/seed/demo-seed.js';
import { platformRoot } from './modules/signatures/signing-identities.service.js';

const started = performance.now();
let config;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const secrets = await loadSecrets(config);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
const seeded = config.seedDemo && (await seedDemo(database.db));
if (seeded) console.log('Demo organisations and accounts created.');
const app = await buildApp({ config, db: database.db, secrets, listen: database.listen });
// The platform's own CA (issue 21) exists from the first start: its root is what readers trust.
await platformRoot(app.ctx);
if (seeded && config.seedDemoProjects) {
  await seedDemoProjects(app.ctx);
  console.log('Demo applications created.');
}
// The portal's demo content needs the file store, so it comes once the app has one; an empty
// portal (a database seeded before the portal existed) gets it too.
if (config.seedDemo && (await seedDemoPortal(app.ctx))) console.log('Demo portal content created.');

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(
  { database: database.kind, readyMs: Math.round(performance.now() - started) },
  `ready on http://localhost:${config.port}`,
);
