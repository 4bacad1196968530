import type { Config } from '../config/config.js';
import type { Secrets } from '../config/secrets.js';
import type { Db } from '../db/database.js';
import type { ProjectPage } from '@drp/domain';
import type { AnswerCache } from './answer-cache.js';
import type { FileStore } from './file-store.js';

/**
 * What every use case receives: the database, settings, secrets and the clock.
 *
 * lib imports no module, so a module that keeps something here for the whole app adds its member
 * beside the type it owns (`declare module '…/lib/app-context.js'`): `sessions` in
 * modules/auth/session-cache.ts, `dictionaries` in modules/dictionaries/dictionary-loader.ts,
 * `projectListPositions` in app.ts for now. app.ts builds the whole of it.
 */
export interface AppContext {
  db: Db;
  config: Config;
  secrets: Secrets;
  files: FileStore;
  /** The application lists answered, by organisation and query; cleared whenever one may change. */
  projectLists: AnswerCache<ProjectPage>;
  /** Injectable so expiry rules are tested without waiting. */
  clock: () => Date;
}
