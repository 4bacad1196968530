export * from './orgs/org-type.js';
export * from './orgs/credit-code.js';
export * from './orgs/regions.js';
export * from './orgs/org-contracts.js';
export * from './orgs/registration-contracts.js';
export * from './accounts/profile.js';
export * from './accounts/password-policy.js';
export * from './accounts/account-contracts.js';
export * from './members/member-contracts.js';
export * from './audit/audit-contracts.js';
export * from './audit/audit-sentence.js';
export * from './access/areas.js';
export * from './access/area-member.js';
export * from './access/api-access.js';
export * from './auth/auth-contracts.js';
export * from './errors/error-codes.js';
export * from './http/envelope.js';
export * from './http/fields.js';
export * from './messages/message-type.js';
export * from './messages/message-content.js';
export * from './messages/message-contracts.js';
export * from './messages/relative-time.js';
export * from './projects/project-status.js';
export * from './projects/project-contracts.js';
export * from './projects/project-status-counts.js';
export * from './reviews/opinion-keys.js';
export * from './platform/limits.js';
export * from './platform/platform-contracts.js';
export * from './dictionaries/dictionary-contracts.js';
export * from './buildings/building-contracts.js';
export * from './buildings/building-plausibility.js';
export * from './missions/mission-contracts.js';
// Review missions (issue 19): the pure assignment proposal.
export * from './missions/propose-assignments.js';
// Review opinions (issue 19): the three lists, drafts, the checker's returns, phrase lists.
export * from './opinions/opinion-contracts.js';
export * from './survey-infos/survey-info-contracts.js';
export * from './project-alters/project-alter-contracts.js';
export * from './project-docs/project-doc-contracts.js';
export * from './doc-repository/doc-repository-contracts.js';
export * from './sheets/sheet-contracts.js';
export * from './markups/markup-contracts.js';
// Clause library (issue 19)
export * from './clauses/clause-contracts.js';
export * from './clauses/clause-csv.js';
// bad actions and the project's notices (issue 19)
export * from './bad-actions/bad-action-contracts.js';
// Opinion reports (issue 20): the round's 审查意见告知书, its PDF, forwarding and the public check.
export * from './reports/opinion-report-contracts.js';
export * from './messages/project-notice-contracts.js';
// Working-day calendar and review clock (issue 19)
export * from './calendar/calendar-contracts.js';
export * from './calendar/working-days.js';
export * from './calendar/review-clock.js';
export * from './project-access/project-part.js';
export * from './project-access/project-policy.js';
export * from './project-access/project-lifecycle.js';
export * from './project-access/handover-readiness.js';
export * from './portal/portal-contracts.js';
// Designers' answers and the next rounds (issue 20): answer lists, carried opinions, decisions.
export * from './answers/answer-contracts.js';
// Electronic signatures (issue 21): signing tasks in order, signed documents, verification.
export * from './signatures/signature-contracts.js';
// The certificate of passing review (issue 21).
export * from './certificates/certificate-contracts.js';
// Filing with the supervising authority (issue 21).
export * from './filings/filing-contracts.js';
// The sealed drawing set (issue 21).
export * from './drawing-sets/drawing-set-contracts.js';
// The public review record of confirmed filings (issue 21).
export * from './review-records/review-record-contracts.js';
