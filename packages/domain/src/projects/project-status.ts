import type { Locale } from '../errors/error-codes.js';

/**
 * Where one review application stands in the lifecycle of the domain guide. A recalled
 * application goes back to DRAFT.
 */
export const PROJECT_STATUSES = {
  DRAFT: { 'zh-CN': '草稿', 'en-US': 'Draft' },
  SUBMITTED: { 'zh-CN': '已提交，资料上传中', 'en-US': 'Submitted, materials uploading' },
  MATERIALS_SENT: { 'zh-CN': '已送审', 'en-US': 'Sent to review' },
  IN_REVIEW: { 'zh-CN': '审查中', 'en-US': 'In review' },
  OPINIONS_ISSUED: { 'zh-CN': '意见已告知', 'en-US': 'Opinions issued' },
  PASSED: { 'zh-CN': '审查合格', 'en-US': 'Passed' },
  FILED: { 'zh-CN': '已备案', 'en-US': 'Filed' },
} as const satisfies Record<string, Record<Locale, string>>;
export type ProjectStatus = keyof typeof PROJECT_STATUSES;
export const PROJECT_STATUS_KEYS = Object.keys(PROJECT_STATUSES) as [ProjectStatus, ...ProjectStatus[]];

/** Whether the construction unit has submitted the application (and not recalled it). */
export function isSubmittedStatus(status: ProjectStatus): boolean {
  return status !== 'DRAFT';
}

/** The part an organisation plays in one project. */
export const PROJECT_ROLES = ['CONSTRUCT', 'DESIGN', 'SURVEY', 'CENSOR'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];
