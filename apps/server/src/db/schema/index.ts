export * from './orgs.js';
export * from './accounts.js';
export * from './auth.js';
export * from './audit.js';
export * from './registration.js';
export * from './projects.js';
export * from './messages.js';
export * from './buildings.js';
export * from './survey-infos.js';
export * from './project-alters.js';
export * from './project-docs.js';
export * from './missions.js';
export * from './doc-repository.js';
export * from './jobs.js';
export * from './sheets.js';
export * from './portal.js';
export * from './markups.js';
// Clause library (issue 19)
export * from './clauses.js';
// bad actions (issue 19)
export * from './bad-actions.js';
// Working-day calendar and review clock (issue 19)
export * from './calendar.js';
// Review opinions and phrases (issue 19)
export * from './opinions.js';
// Opinion reports (issue 20)
export * from './reports.js';
// Designers' answers and the next rounds' decisions (issue 20)
export * from './answers.js';
// Signing identities and signing tasks (issue 21)
export * from './signatures.js';
// The certificate of passing review (issue 21)
export * from './certificates.js';
// The sealed drawing set (issue 21)
export * from './drawing-sets.js';
// Filing with the supervising authority (issue 21)
export * from './filings.js';
