import type { Config } from '../config/config.js';
import type { Secrets } from '../config/secrets.js';
import type { Db } from '../db/database.js';
import type { Dictionaries } from '../modules/dictionaries/dictionary-loader.js';
import type { ProjectPage } from '@drp/domain';
import type { SessionCache } from '../modules/auth/session-cache.js';
import type { ProjectListPositions } from '../modules/projects/project-list-positions.js';
import type { AnswerCache } from './answer-cache.js';
import type { FileStore } from './file-store.js';

/** What every use case receives: the database, settings, secrets and the clock. */
export interface AppContext {
  db: Db;
  config: Config;
  secrets: Secrets;
  files: FileStore;
  /** The review dictionaries, read and checked once at start: a broken data file stops the server. */
  dictionaries: Dictionaries;
  /** What bearer tokens resolved to; cleared whenever sessions, accounts or memberships change. */
  sessions: SessionCache;
  /** The application lists answered, by organisation and query; cleared whenever one may change. */
  projectLists: AnswerCache<ProjectPage>;
  /** Where rows of those lists stand, so a deep page seeks instead of skipping; cleared with them. */
  projectListPositions: ProjectListPositions;
  /** Injectable so expiry rules are tested without waiting. */
  clock: () => Date;
}
