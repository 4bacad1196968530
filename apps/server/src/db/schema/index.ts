export * from './orgs.js';
export * from './accounts.js';
export * from './auth.js';
export * from './audit.js';
export * from './registration.js';
export * from './projects.js';
export * from './messages.js';
export * from './buildings.js';
