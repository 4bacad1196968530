/**
 * `npm run seed:large`: adds 100 000 review applications with five buildings each to the database
 * the server would use (DATABASE_URL, else PGlite under DATA_DIR), for benchmarks and for trying
 * the lists at a province's scale. Stop the server first when it runs on PGlite: the embedded
 * database has one user. A second run changes nothing.
 *
 * Environment, besides the server's: SEED_LARGE_PROJECTS (default 100000).
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from './app.js';
import { loadConfig } from './config/config.js';
import { loadSecrets } from './config/secrets.js';
import { openDatabase } from './db/database.js';
import { seedDemoProjects } from './db/seed/demo-projects-seed.js';
import { seedDemo } from './db/seed/demo-seed.js';
import { seedLarge } from './db/seed/large-seed.js';

const config = loadConfig();
const projects = Number(process.env.SEED_LARGE_PROJECTS || 100_000);
if (!Number.isInteger(projects) || projects < 1) {
  console.error(
    `SEED_LARGE_PROJECTS must be a positive whole number, got "${process.env.SEED_LARGE_PROJECTS}"`,
  );
  process.exit(1);
}
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
try {
  // A database the server has never started on gets the demo data first, as `npm start` would.
  if (config.seedDemo && (await seedDemo(database.db))) {
    console.log('Demo organisations and accounts created.');
    if (config.seedDemoProjects) {
      const app = await buildApp({
        config,
        db: database.db,
        secrets: await loadSecrets(config),
        logger: false,
      });
      await seedDemoProjects(app.ctx);
      await app.close();
      console.log('Demo applications created.');
    }
  }
  console.log(`Seeding ${projects} applications with 5 buildings each into ${where} …`);
  let reported = 0;
  const result = await seedLarge(database.db, {
    projects,
    onProgress: (done, total) => {
      if (done - reported >= total / 10 || done === total) {
        reported = done;
        process.stdout.write(`  ${done} / ${total}\n`);
      }
    },
  });
  if (!result.seeded) {
    console.log(`Already seeded: the database holds ${result.existing} applications; nothing changed.`);
  } else {
    const vacuumStarted = performance.now();
    // Fresh statistics for the planner, a visibility map for index-only scans, and the new pages
    // written out now rather than by the first requests (PGlite checkpoints in the foreground).
    await database.db.execute(sql`vacuum analyze`);
    await database.db.execute(sql`checkpoint`);
    console.log(
      `Done: ${result.projects} applications and ${result.buildings} buildings in ` +
        `${(result.ms / 1000).toFixed(1)} s, vacuum analyze and checkpoint ${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s.`,
    );
  }
} finally {
  await database.close();
}
