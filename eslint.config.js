import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const SERVER_MODULES = 'apps/server/src/modules';
const WEB_FEATURES = 'apps/web/src/features';

/**
 * Which server modules each module may import. Together they must stay a graph without cycles:
 * a module lower down never imports one above it. audit and messages are used by every use case
 * that changes something; auth knows accounts, sessions and sign-in and nothing above it.
 * A module missing here may import only the shared ones (DEFAULT_MODULE_DEPENDENCIES): add it.
 */
const MODULE_DEPENDENCIES = {
  audit: [],
  // A durable job queue on the database; the kinds of work register their handlers.
  jobs: [],
  dictionaries: [],
  platform: [],
  portal: ['audit'],
  auth: ['audit'],
  // project-access: the project's notices (issue 19) open the application like every project read.
  messages: ['auth', 'project-access'],
  accounts: ['audit', 'auth'],
  members: ['audit', 'auth', 'messages'],
  orgs: ['audit', 'auth', 'members'],
  registration: ['audit', 'auth', 'members', 'messages', 'orgs'],
  'project-access': [],
  projects: ['audit', 'dictionaries', 'messages', 'project-access'],
  'project-docs': ['audit', 'project-access', 'projects'],
  'survey-infos': ['audit', 'project-access', 'projects'],
  // Working-day calendar (issue 19): the review clock opens the application to read it.
  calendar: ['audit', 'project-access'],
  // calendar: acceptance starts the review clock and a return pauses it (issue 19).
  'doc-repository': ['audit', 'messages', 'project-access', 'projects', 'calendar'],
  buildings: ['audit', 'dictionaries', 'messages', 'project-access', 'projects'],
  'project-alters': ['audit', 'buildings', 'project-access', 'projects'],
  // The drawing viewer (issue 18): sheets are prepared from the repository's files; markups sit on
  // the sheets (their page boxes, their live channel).
  sheets: ['audit', 'jobs', 'project-access', 'projects', 'doc-repository'],
  markups: ['audit', 'project-access', 'projects', 'doc-repository', 'sheets'],
  // Bad actions (issue 19): evidence on the repository's sheets, bytes judged as attachments are,
  // published as a portal credit entry, the unit told.
  // Review missions (issue 19): assigned inside an application, the reviewer told.
  missions: ['audit', 'messages', 'dictionaries', 'project-access', 'calendar'],
  // Review opinions (issue 19): under a mission (its return step), citing clauses, on markups.
  opinions: ['audit', 'messages', 'dictionaries', 'project-access', 'missions', 'clauses', 'markups'],
  // Electronic signatures (issue 21): signing tasks over documents other modules issue (they
  // register how their documents are read and replaced), with the signer's password (auth).
  signatures: ['audit', 'messages', 'dictionaries', 'auth', 'project-access'],
  // Opinion reports (issue 20): from a round's accepted missions, on its clock, built in the job
  // queue; signed before they are forwarded (issue 21).
  reports: [
    'audit',
    'messages',
    'dictionaries',
    'project-access',
    'missions',
    'calendar',
    'jobs',
    'signatures',
  ],
  // The certificate of passing review (issue 21): from the forwarded reports (their rows), numbered
  // beside the project codes, built in the job queue, signed as the reports are.
  certificates: ['audit', 'messages', 'dictionaries', 'project-access', 'projects', 'jobs', 'signatures'],
  // The sealed drawing set (issue 21): from the reviewed version's files, signed as the reports are
  // by the certificate's reviewers, sealed in the job queue.
  'drawing-sets': ['audit', 'messages', 'dictionaries', 'project-access', 'jobs', 'signatures', 'certificates'],
  // Filing (issue 21): of the issued certificate, due on the working-day calendar.
  filings: ['audit', 'messages', 'project-access', 'calendar', 'certificates'],
  // Answers and the next rounds (issue 20): issued opinions, the next version of the materials, the
  // round's missions where reviewers decide carried opinions.
  answers: ['audit', 'messages', 'dictionaries', 'project-access', 'missions', 'doc-repository'],
  'bad-actions': [
    'audit',
    'messages',
    'project-access',
    'projects',
    'doc-repository',
    'sheets',
    'project-docs',
    'portal',
  ],
};
const DEFAULT_MODULE_DEPENDENCIES = ['audit', 'messages', 'dictionaries'];

const foldersIn = (dir) =>
  readdirSync(path.join(import.meta.dirname, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Read from disk, so a new module or feature is covered the day its folder appears. */
const moduleZones = () =>
  foldersIn(SERVER_MODULES).map((name) => {
    const allowed = MODULE_DEPENDENCIES[name] ?? DEFAULT_MODULE_DEPENDENCIES;
    return {
      target: `./${SERVER_MODULES}/${name}`,
      from: `./${SERVER_MODULES}`,
      except: [name, ...allowed].map((other) => `./${other}`),
      message: `modules/${name} ${allowed.length ? `may import only ${allowed.join(', ')}` : 'imports no other module'} (MODULE_DEPENDENCIES in eslint.config.js keeps the modules free of cycles).`,
    };
  });

const featureZones = foldersIn(WEB_FEATURES).map((name) => ({
  target: `./${WEB_FEATURES}/${name}`,
  from: `./${WEB_FEATURES}`,
  except: [`./${name}`],
  message:
    'No feature imports another: move what both need to apps/web/src/components or lib, or compose them in app/.',
}));

/** Tests may reach anywhere to set a scene; everything else keeps to these. */
const boundaryZones = () => [
  {
    target: ['./apps/server/src/lib', './apps/server/src/plugins'],
    from: `./${SERVER_MODULES}`,
    message:
      'lib/ and plugins/ import no module: the module provides what they need (see lib/app-context.ts).',
  },
  ...moduleZones(),
  ...featureZones,
  {
    target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/config'],
    from: [`./${WEB_FEATURES}`, './apps/web/src/app'],
    message: 'components, lib and config sit below the features: features → app is the only way up.',
  },
  {
    target: `./${WEB_FEATURES}`,
    from: './apps/web/src/app',
    message: 'The app shell imports features, never the other way round.',
  },
];

/** Files are named in kebab-case for their main export; locale files keep their language tag. */
const kebabCaseFiles = {
  meta: { type: 'suggestion', schema: [], messages: { name: 'File name "{{name}}" is not kebab-case.' } },
  create(context) {
    const name = path.basename(context.filename);
    const ok =
      /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*\.tsx?$/.test(name) ||
      /^[a-z]{2}-[A-Z]{2}\.ts$/.test(name);
    return ok ? {} : { Program: (node) => context.report({ node, messageId: 'name', data: { name } }) };
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        project: ['./tsconfig.tests.json', './apps/web/tsconfig.json', './e2e/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify plugins, hooks and handlers are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/set-state-in-effect': 'off' },
  },

  // Boundaries (ARCHITECTURE.md): dependencies point one way, and no two files import each other
  // however far round. Type-only imports count for the folder rules (a cycle of types still ties
  // two capabilities together); no-cycle looks at imports that run.
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX, drp: { rules: { 'kebab-case-files': kebabCaseFiles } } },
    settings: {
      // no-cycle follows only files with these endings (the default is .js alone).
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['./tsconfig.tests.json', './apps/web/tsconfig.json'],
          conditionNames: ['source', 'import', 'default'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'drp/kebab-case-files': 'error',
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', 'apps/server/src/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaryZones() }] },
  },
  {
    // SQL is written by repositories alone; the schema, migrations and seeds are the database's own,
    // and tests, benches and the large seed look at rows directly.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.repository.ts',
      'apps/server/src/db/**',
      '**/*.test.ts',
      'apps/server/src/test/**',
      'apps/server/src/bench/**',
      'apps/server/src/seed-large.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: 'Only repositories (*.repository.ts) and db/ write SQL.' }],
          patterns: [
            { group: ['drizzle-orm/*'], message: 'Only repositories (*.repository.ts) and db/ write SQL.' },
          ],
        },
      ],
    },
  },
);
