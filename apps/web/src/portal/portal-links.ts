import type { CreditList, PortalArticleSummary, PortalCategory } from '@drp/domain';
import { PORTAL_PREFIX } from './portal-paths';

/** Where each category's list lives (spec §2), the target of its "更多" link and its menu entry. */
export const CATEGORY_LIST_PATH: Record<PortalCategory, string> = {
  NOTICE: `${PORTAL_PREFIX}/noticeList`,
  MINISTERIAL_FILE: `${PORTAL_PREFIX}/ministerialFile`,
  PROVINCIAL_FILE: `${PORTAL_PREFIX}/provincialFile`,
  OTHER_FILE: `${PORTAL_PREFIX}/otherFile`,
  STANDARD: `${PORTAL_PREFIX}/homeList?category=STANDARD`,
  REVIEW_NEWS: `${PORTAL_PREFIX}/homeList?category=REVIEW_NEWS`,
  CREDIT_DOC: `${PORTAL_PREFIX}/associationDetail/creditList`,
  CREDIT_PROVINCE_NEWS: `${PORTAL_PREFIX}/associationDetail/provinceList`,
  CREDIT_LOCAL_NEWS: `${PORTAL_PREFIX}/associationDetail/localDynamicList`,
  CREDIT_FIELD_NEWS: `${PORTAL_PREFIX}/associationDetail/fieldDynamicList`,
};

/** The credit-building pages under associationDetail and their categories. */
export const ASSOCIATION_PAGES = {
  creditList: 'CREDIT_DOC',
  provinceList: 'CREDIT_PROVINCE_NEWS',
  localDynamicList: 'CREDIT_LOCAL_NEWS',
  fieldDynamicList: 'CREDIT_FIELD_NEWS',
} as const satisfies Record<string, PortalCategory>;

export const CREDIT_LIST_PATHS: Record<CreditList, string> = {
  commendationList: `${PORTAL_PREFIX}/creditInformation/commendationList`,
  criticismList: `${PORTAL_PREFIX}/creditInformation/criticismList`,
  localCommendation: `${PORTAL_PREFIX}/creditInformation/localCommendation`,
  fieldCommendation: `${PORTAL_PREFIX}/creditInformation/fieldCommendation`,
};

export const CREDIT_LIST_KEYS = Object.keys(CREDIT_LIST_PATHS) as CreditList[];

/**
 * An item with a body opens at `noticeDetail/{id}` (whatever its category); one without opens at
 * `emptyDetail?id={id}` (title, source, date and attachments only).
 */
export function articlePath(item: Pick<PortalArticleSummary, 'id' | 'hasBody'>): string {
  return item.hasBody
    ? `${PORTAL_PREFIX}/noticeDetail/${encodeURIComponent(item.id)}`
    : `${PORTAL_PREFIX}/emptyDetail?id=${encodeURIComponent(item.id)}`;
}

export const forumTopicPath = (id: string) => `${PORTAL_PREFIX}/forumDetail?id=${encodeURIComponent(id)}`;
export const FORUM_PATH = `${PORTAL_PREFIX}/forumDetail`;

/** Signing in happens in the app; the reader comes back to the page they were on. */
export const loginPath = (from: string) => `/sys_sso/login?from=${encodeURIComponent(from)}`;

export const isCategory = (value: string | null): value is PortalCategory =>
  value !== null && Object.hasOwn(CATEGORY_LIST_PATH, value);
