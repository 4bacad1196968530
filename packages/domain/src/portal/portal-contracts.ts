import { z } from 'zod';
import type { Locale } from '../errors/error-codes.js';
import { creditCodeField } from '../orgs/org-contracts.js';
import { keysOf, nullableText } from '../http/fields.js';

/**
 * Contracts of the public portal (spec §1 "A public portal exists outside the login", §2 "Common
 * and public") and of its content management by information-service staff (issue 7). Public
 * calls sit under `/api/portal`, staff calls under `/api/info/portal`; the spec names neither.
 */

type Texts = Record<Locale, string>;

/**
 * What the portal publishes as articles, each with its list screen under `/sys_out_sys`:
 * notices (`noticeList`), the three kinds of policy documents (`ministerialFile`,
 * `provincialFile`, `otherFile`), standards and review news (`homeList?category=`), and the
 * credit-building documents and news (`associationDetail/creditList`, `provinceList`,
 * `localDynamicList`, `fieldDynamicList`).
 */
export const PORTAL_CATEGORIES = {
  NOTICE: { 'zh-CN': '通知公告', 'en-US': 'Notices' },
  MINISTERIAL_FILE: { 'zh-CN': '部委文件', 'en-US': 'Ministerial documents' },
  PROVINCIAL_FILE: { 'zh-CN': '省内文件', 'en-US': 'Provincial documents' },
  OTHER_FILE: { 'zh-CN': '外省文件', 'en-US': 'Other provinces’ documents' },
  STANDARD: { 'zh-CN': '标准规范', 'en-US': 'Standards' },
  REVIEW_NEWS: { 'zh-CN': '审查动态', 'en-US': 'Review news' },
  CREDIT_DOC: { 'zh-CN': '信用建设文件', 'en-US': 'Credit-building documents' },
  CREDIT_PROVINCE_NEWS: { 'zh-CN': '省内信用动态', 'en-US': 'Credit news in the province' },
  CREDIT_LOCAL_NEWS: { 'zh-CN': '市州信用动态', 'en-US': 'Credit news from the cities' },
  CREDIT_FIELD_NEWS: { 'zh-CN': '外省信用动态', 'en-US': 'Credit news from other provinces' },
} as const satisfies Record<string, Texts>;
export type PortalCategory = keyof typeof PORTAL_CATEGORIES;
export const PORTAL_CATEGORY_KEYS = keysOf(PORTAL_CATEGORIES);

/** Drafts are the staff's own; published items are everyone's; unpublished ones are drafts again. */
export const PORTAL_ARTICLE_STATUSES = {
  DRAFT: { 'zh-CN': '草稿', 'en-US': 'Draft' },
  PUBLISHED: { 'zh-CN': '已发布', 'en-US': 'Published' },
} as const satisfies Record<string, Texts>;
export type PortalArticleStatus = keyof typeof PORTAL_ARTICLE_STATUSES;
export const PORTAL_ARTICLE_STATUS_KEYS = keysOf(PORTAL_ARTICLE_STATUSES);

export const PORTAL_LIMITS = {
  titleMax: 120,
  sourceMax: 60,
  summaryMax: 300,
  /** Sanitised HTML of one body; a notice with pasted images inline (data: URLs are refused). */
  bodyMax: 200_000,
  attachmentsMax: 20,
  /** An attachment: a policy document's PDF or an Office file, not a drawing set. */
  attachmentMaxBytes: 50 * 1024 * 1024,
  coverMaxBytes: 5 * 1024 * 1024,
  homeItemsPerCategory: 6,
  bannerItems: 5,
  linkNameMax: 40,
  linkUrlMax: 500,
  linksPerGroupMax: 50,
  footerTextMax: 500,
  creditOrgNameMax: 100,
  creditReasonMax: 1000,
  creditIssuerMax: 100,
  creditDocumentNoMax: 100,
  forumTitleMax: 100,
  forumBodyMax: 20_000,
  pageSizeMax: 50,
} as const;

/** The attachments the portal takes, judged by their bytes: documents people download and read. */
export const PORTAL_ATTACHMENT_CONTENT_TYPES = [
  'application/pdf',
  'application/ofd',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/zip',
  'image/jpeg',
  'image/png',
] as const;
/** Banner covers: pictures only. */
export const PORTAL_COVER_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

// ---- lists ----

const day = z.iso.date();

/** Every public list: page 0 first (spec §9), a title search and a date range on the item's date. */
export const portalListQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(PORTAL_LIMITS.pageSizeMax).default(10),
  title: z.string().trim().max(PORTAL_LIMITS.titleMax).optional(),
  from: day.optional(),
  to: day.optional(),
});
export type PortalListQuery = z.input<typeof portalListQuery>;

/** `GET /api/portal/articles`: one category's published articles, newest first (pinned ones on top). */
export const portalArticleListQuery = portalListQuery.extend({
  category: z.enum(PORTAL_CATEGORY_KEYS),
});
export type PortalArticleListQuery = z.input<typeof portalArticleListQuery>;

export const portalAttachment = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  /** `GET /api/portal/attachments/{id}`: served as a download. */
  url: z.string(),
});
export type PortalAttachment = z.infer<typeof portalAttachment>;

export const portalArticleSummary = z.object({
  id: z.string(),
  category: z.enum(PORTAL_CATEGORY_KEYS),
  title: z.string(),
  source: z.string().nullable(),
  summary: z.string().nullable(),
  /** The date the item carries (the document's date), not when it was typed in. */
  publishDate: z.string(),
  pinned: z.boolean(),
  /** No body: the item is its title, source, date and attachments (`emptyDetail`). */
  hasBody: z.boolean(),
  attachmentCount: z.number().int(),
  coverUrl: z.string().nullable(),
});
export type PortalArticleSummary = z.infer<typeof portalArticleSummary>;

export const portalArticlePage = z.object({ total: z.number().int(), items: z.array(portalArticleSummary) });
export type PortalArticlePage = z.infer<typeof portalArticlePage>;

/** `GET /api/portal/articles/{id}`: a published article; drafts and deleted ones answer 404. */
export const portalArticle = portalArticleSummary.extend({
  /** Sanitised on the server when saved; the browser shows it as it is. */
  bodyHtml: z.string().nullable(),
  attachments: z.array(portalAttachment),
  /** Neighbours in the same category, for 上一篇 / 下一篇. */
  previous: z.object({ id: z.string(), title: z.string() }).nullable(),
  next: z.object({ id: z.string(), title: z.string() }).nullable(),
});
export type PortalArticle = z.infer<typeof portalArticle>;

// ---- credit information ----

/**
 * `creditInformation`'s four lists: the province's commendations (`commendationList`) and
 * bulletins of criticism (`criticismList`), the cities' (`localCommendation`) and other
 * provinces' (`fieldCommendation`) commendations and bulletins together.
 */
export const CREDIT_KINDS = {
  COMMENDATION: { 'zh-CN': '表彰', 'en-US': 'Commendation' },
  CRITICISM: { 'zh-CN': '通报批评', 'en-US': 'Bulletin of criticism' },
} as const satisfies Record<string, Texts>;
export type CreditKind = keyof typeof CREDIT_KINDS;
export const CREDIT_KIND_KEYS = keysOf(CREDIT_KINDS);

export const CREDIT_SCOPES = {
  PROVINCE: { 'zh-CN': '本省', 'en-US': 'This province' },
  LOCAL: { 'zh-CN': '市州', 'en-US': 'Cities' },
  FIELD: { 'zh-CN': '外省', 'en-US': 'Other provinces' },
} as const satisfies Record<string, Texts>;
export type CreditScope = keyof typeof CREDIT_SCOPES;
export const CREDIT_SCOPE_KEYS = keysOf(CREDIT_SCOPES);

export const CREDIT_LISTS = {
  commendationList: { scope: 'PROVINCE', kind: 'COMMENDATION' },
  criticismList: { scope: 'PROVINCE', kind: 'CRITICISM' },
  localCommendation: { scope: 'LOCAL', kind: null },
  fieldCommendation: { scope: 'FIELD', kind: null },
} as const satisfies Record<string, { scope: CreditScope; kind: CreditKind | null }>;
export type CreditList = keyof typeof CREDIT_LISTS;
export const CREDIT_LIST_KEYS = keysOf(CREDIT_LISTS);

/** `GET /api/portal/credit`: one of the four lists; `title` searches the organisation's name. */
export const creditListQuery = portalListQuery.extend({ list: z.enum(CREDIT_LIST_KEYS) });
export type CreditListQuery = z.input<typeof creditListQuery>;

export const creditEntry = z.object({
  id: z.string(),
  kind: z.enum(CREDIT_KIND_KEYS),
  scope: z.enum(CREDIT_SCOPE_KEYS),
  orgName: z.string(),
  creditCode: z.string().nullable(),
  reason: z.string(),
  issuer: z.string(),
  issuedOn: z.string(),
  documentNo: z.string().nullable(),
  /** The decision as a file, when one is attached. */
  document: portalAttachment.nullable(),
});
export type CreditEntry = z.infer<typeof creditEntry>;
export const creditEntryPage = z.object({ total: z.number().int(), items: z.array(creditEntry) });

// ---- links and footer ----

export const PORTAL_LINK_GROUPS = {
  FRIENDLY: { 'zh-CN': '友情链接', 'en-US': 'Friendly links' },
  CITY_GOV: { 'zh-CN': '市州政府', 'en-US': 'City governments' },
  HOUSING_BUREAU: { 'zh-CN': '市州住建局', 'en-US': 'City housing bureaus' },
} as const satisfies Record<string, Texts>;
export type PortalLinkGroup = keyof typeof PORTAL_LINK_GROUPS;
export const PORTAL_LINK_GROUP_KEYS = keysOf(PORTAL_LINK_GROUPS);

const httpUrl = z
  .string()
  .trim()
  .max(PORTAL_LIMITS.linkUrlMax)
  .url()
  .refine((v) => /^https?:\/\//i.test(v), { message: 'PORTAL_LINK_SCHEME' });

export const portalLink = z.object({
  id: z.string(),
  group: z.enum(PORTAL_LINK_GROUP_KEYS),
  name: z.string(),
  url: z.string(),
});
export type PortalLink = z.infer<typeof portalLink>;

/** The footer: who sponsors and runs the platform, and how to reach them. */
export const portalFooter = z.object({
  sponsor: z.string(),
  operator: z.string(),
  contact: z.string(),
  icp: z.string(),
});
export type PortalFooter = z.infer<typeof portalFooter>;

/** `GET /api/portal/site`: what every portal page shows around its content. */
export const portalSite = z.object({
  links: z.array(portalLink),
  footer: portalFooter,
});
export type PortalSite = z.infer<typeof portalSite>;

/** `GET /api/portal/home`: the banner and the latest published items of every category. */
export const portalHome = z.object({
  banner: z.array(portalArticleSummary),
  latest: z.array(z.object({ category: z.enum(PORTAL_CATEGORY_KEYS), items: z.array(portalArticleSummary) })),
  commendations: z.array(creditEntry),
  criticisms: z.array(creditEntry),
  forum: z.array(
    z.object({ id: z.string(), title: z.string(), replyCount: z.number().int(), createdAt: z.string() }),
  ),
});
export type PortalHome = z.infer<typeof portalHome>;

// ---- forum (forumDetail) ----

export const forumTopicSummary = z.object({
  id: z.string(),
  title: z.string(),
  authorName: z.string(),
  orgName: z.string().nullable(),
  replyCount: z.number().int(),
  createdAt: z.string(),
  lastReplyAt: z.string().nullable(),
  /** Hidden by staff: gone for the public, still listed for staff. */
  hidden: z.boolean(),
  locked: z.boolean(),
});
export type ForumTopicSummary = z.infer<typeof forumTopicSummary>;
export const forumTopicPage = z.object({ total: z.number().int(), items: z.array(forumTopicSummary) });

export const forumReply = z.object({
  id: z.string(),
  bodyHtml: z.string(),
  authorName: z.string(),
  orgName: z.string().nullable(),
  createdAt: z.string(),
  hidden: z.boolean(),
});
export type ForumReply = z.infer<typeof forumReply>;

/** `GET /api/portal/forum/topics/{id}`: the topic and its replies, oldest first. */
export const forumTopic = forumTopicSummary.extend({
  bodyHtml: z.string(),
  replies: z.array(forumReply),
});
export type ForumTopic = z.infer<typeof forumTopic>;

/** Signed-in users open topics and reply; bodies are sanitised like articles. */
export const forumTopicRequest = z.object({
  title: z.string().trim().min(1).max(PORTAL_LIMITS.forumTitleMax),
  bodyHtml: z.string().min(1).max(PORTAL_LIMITS.forumBodyMax),
});
export type ForumTopicRequest = z.input<typeof forumTopicRequest>;
export const forumReplyRequest = z.object({ bodyHtml: z.string().min(1).max(PORTAL_LIMITS.forumBodyMax) });
export type ForumReplyRequest = z.input<typeof forumReplyRequest>;

/** Staff moderation: hide or show again a topic or a reply; lock a topic against replies. */
export const forumModerationRequest = z.object({
  hidden: z.boolean().optional(),
  locked: z.boolean().optional(),
});

// ---- content management (/api/info/portal) ----

/** `GET /api/info/portal/articles`: every article of a category, drafts too, for staff. */
export const staffArticleListQuery = portalListQuery.extend({
  category: z.enum(PORTAL_CATEGORY_KEYS).optional(),
  status: z.enum(PORTAL_ARTICLE_STATUS_KEYS).optional(),
});
export type StaffArticleListQuery = z.input<typeof staffArticleListQuery>;

export const staffArticleSummary = portalArticleSummary.extend({
  status: z.enum(PORTAL_ARTICLE_STATUS_KEYS),
  updatedAt: z.string(),
  updatedByName: z.string().nullable(),
  /** Whether the article shows in the home page's banner (it needs a cover). */
  inBanner: z.boolean(),
});
export type StaffArticleSummary = z.infer<typeof staffArticleSummary>;
export const staffArticlePage = z.object({ total: z.number().int(), items: z.array(staffArticleSummary) });

export const staffArticle = staffArticleSummary.extend({
  bodyHtml: z.string().nullable(),
  attachments: z.array(portalAttachment),
  publishedAt: z.string().nullable(),
});
export type StaffArticle = z.infer<typeof staffArticle>;

/**
 * `POST /api/info/portal/articles` and `PUT …/{id}`: saved as a draft, or kept published if it
 * was. The body is rich text; the server sanitises it and says so when it removed something.
 * Attachments and the cover are uploaded first (`…/uploads`) and named here by their upload ids.
 */
export const saveArticleRequest = z.object({
  category: z.enum(PORTAL_CATEGORY_KEYS),
  title: z.string().trim().min(1).max(PORTAL_LIMITS.titleMax),
  source: nullableText(PORTAL_LIMITS.sourceMax),
  summary: nullableText(PORTAL_LIMITS.summaryMax),
  publishDate: day,
  bodyHtml: z.string().max(PORTAL_LIMITS.bodyMax).nullish(),
  pinned: z.boolean().default(false),
  inBanner: z.boolean().default(false),
  /** Upload ids (new) and attachment ids (kept), in the order shown. */
  attachmentIds: z.array(z.uuid()).max(PORTAL_LIMITS.attachmentsMax).default([]),
  coverId: z.uuid().nullish(),
});
export type SaveArticleRequest = z.input<typeof saveArticleRequest>;

/** What saving answers: the article, and whether the sanitiser took anything out of the body. */
export const savedArticle = z.object({ article: staffArticle, bodyCleaned: z.boolean() });

/** `POST /api/info/portal/uploads` (multipart `file`, field `purpose`): an attachment or a cover. */
export const PORTAL_UPLOAD_PURPOSES = ['ATTACHMENT', 'COVER'] as const;
export const portalUpload = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type PortalUpload = z.infer<typeof portalUpload>;

/** An item's history: who did what to it, newest first (from the audit log). */
export const portalHistoryEntry = z.object({
  at: z.string(),
  action: z.string(),
  actorName: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type PortalHistoryEntry = z.infer<typeof portalHistoryEntry>;

/** `POST/PUT /api/info/portal/credit`: one commendation or bulletin entry. */
export const saveCreditEntryRequest = z.object({
  kind: z.enum(CREDIT_KIND_KEYS),
  scope: z.enum(CREDIT_SCOPE_KEYS),
  orgName: z.string().trim().min(1).max(PORTAL_LIMITS.creditOrgNameMax),
  creditCode: creditCodeField.nullish(),
  reason: z.string().trim().min(1).max(PORTAL_LIMITS.creditReasonMax),
  issuer: z.string().trim().min(1).max(PORTAL_LIMITS.creditIssuerMax),
  issuedOn: day,
  documentNo: nullableText(PORTAL_LIMITS.creditDocumentNoMax),
  /** An upload id (new) or the current document's id (kept); none: no file. */
  documentId: z.uuid().nullish(),
  published: z.boolean().default(true),
});
export type SaveCreditEntryRequest = z.input<typeof saveCreditEntryRequest>;

export const staffCreditListQuery = portalListQuery.extend({
  scope: z.enum(CREDIT_SCOPE_KEYS).optional(),
  kind: z.enum(CREDIT_KIND_KEYS).optional(),
});
export const staffCreditEntry = creditEntry.extend({ published: z.boolean(), updatedAt: z.string() });
export type StaffCreditEntry = z.infer<typeof staffCreditEntry>;
export const staffCreditPage = z.object({ total: z.number().int(), items: z.array(staffCreditEntry) });

/** `PUT /api/info/portal/site`: the links of every group, in order, and the footer, all at once. */
export const saveSiteRequest = z.object({
  links: z
    .array(
      z.object({
        group: z.enum(PORTAL_LINK_GROUP_KEYS),
        name: z.string().trim().min(1).max(PORTAL_LIMITS.linkNameMax),
        url: httpUrl,
      }),
    )
    .max(PORTAL_LIMITS.linksPerGroupMax * PORTAL_LINK_GROUP_KEYS.length),
  footer: z.object({
    sponsor: z.string().trim().max(PORTAL_LIMITS.footerTextMax),
    operator: z.string().trim().max(PORTAL_LIMITS.footerTextMax),
    contact: z.string().trim().max(PORTAL_LIMITS.footerTextMax),
    icp: z.string().trim().max(PORTAL_LIMITS.footerTextMax),
  }),
});
export type SaveSiteRequest = z.input<typeof saveSiteRequest>;
