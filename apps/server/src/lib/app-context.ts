import type { Config } from '../config/config.js';
import type { Secrets } from '../config/secrets.js';
import type { Db } from '../db/database.js';
import type { FileStore } from './file-store.js';

/** What every use case receives: the database, settings, secrets and the clock. */
export interface AppContext {
  db: Db;
  config: Config;
  secrets: Secrets;
  files: FileStore;
  /** Injectable so expiry rules are tested without waiting. */
  clock: () => Date;
}
