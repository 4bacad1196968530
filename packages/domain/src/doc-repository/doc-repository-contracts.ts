import { z } from 'zod';
import type { Locale } from '../errors/error-codes.js';
import { commaList } from '../http/fields.js';
import { handoverReadiness } from '../project-access/handover-readiness.js';

/**
 * Contracts of the document repository (资料库, spec §7 "Document repository"): per review
 * application, numbered versions (one per submission round), each with a folder tree of survey
 * documents (`SURVEY`, the 勘察文件 of `reconnaissance`) and working drawings (`DESIGN`, the 施工图 of
 * `workingDrawing`).
 */

type Texts = Record<Locale, string>;

/**
 * Where a version stands (`businessStatus`). Submitters upload while UPLOADING; the construction
 * unit's confirmation sends it (SUBMITTED); the agency accepts it into REVIEW, read-only from then
 * on, or returns it to UPLOADING with reasons.
 */
export const DOC_VERSION_STATUSES = {
  UPLOADING: { 'zh-CN': '资料上传中', 'en-US': 'Uploading' },
  SUBMITTED: { 'zh-CN': '已送审，待接收', 'en-US': 'Sent, awaiting acceptance' },
  REVIEW: { 'zh-CN': '审查中', 'en-US': 'In review' },
} as const satisfies Record<string, Texts>;
export type DocVersionStatus = keyof typeof DOC_VERSION_STATUSES;

/**
 * An accepted version of an application whose review is over (passed, filed) is no longer "in
 * review": it reads as the review that was completed on it.
 */
export const DOC_VERSION_REVIEWED: Texts = { 'zh-CN': '审查完成', 'en-US': 'Review complete' };

/** What a version's status reads as, given where its application stands. */
export function docVersionStatusText(
  status: DocVersionStatus,
  applicationStatus: string | undefined,
  locale: Locale,
): string {
  const over = applicationStatus === 'PASSED' || applicationStatus === 'FILED';
  return status === 'REVIEW' && over ? DOC_VERSION_REVIEWED[locale] : DOC_VERSION_STATUSES[status][locale];
}
export const DOC_VERSION_STATUS_KEYS = Object.keys(DOC_VERSION_STATUSES) as [
  DocVersionStatus,
  ...DocVersionStatus[],
];

/** The two trees of a version, and which unit type fills each. */
export const DOC_CATEGORIES = {
  SURVEY: { 'zh-CN': '勘察文件', 'en-US': 'Survey documents' },
  DESIGN: { 'zh-CN': '施工图', 'en-US': 'Working drawings' },
} as const satisfies Record<string, Texts>;
export type DocCategory = keyof typeof DOC_CATEGORIES;
export const DOC_CATEGORY_KEYS = Object.keys(DOC_CATEGORIES) as [DocCategory, ...DocCategory[]];

/**
 * BUILDING and SPECIALTY folders are made from the application's buildings and their design
 * info, and follow them; users add, rename, order and delete CUSTOM folders only.
 */
export const DOC_FOLDER_KINDS = ['BUILDING', 'SPECIALTY', 'CUSTOM'] as const;
export type DocFolderKind = (typeof DOC_FOLDER_KINDS)[number];

export const DOC_REPOSITORY_LIMITS = {
  folderNameMax: 60,
  /** Folders a user may nest under a generated one: deep trees help nobody find a drawing. */
  customDepthMax: 3,
} as const;

/** Version names as shown: 第1版 / Version 1. */
export function docVersionName(number: number, locale: Locale): string {
  return locale === 'en-US' ? `Version ${number}` : `第${number}版`;
}

/**
 * `docRepositoryVersion/listAll`: UPLOADING (the areas that upload and confirm) lists every
 * version; REVIEW (the audit area) only versions the agency has accepted.
 */
export const docVersionListQuery = z.object({
  businessStatus: z.enum(DOC_VERSION_STATUS_KEYS).default('UPLOADING'),
});

export const docVersion = z.object({
  id: z.string(),
  number: z.number().int(),
  name: z.string(),
  latest: z.boolean(),
  businessStatus: z.enum(DOC_VERSION_STATUS_KEYS),
  createdAt: z.string(),
});
export type DocVersion = z.infer<typeof docVersion>;

export const docTreeQuery = z.object({
  versionId: z.uuid(),
  category: z.enum(DOC_CATEGORY_KEYS),
});

export interface DocFolderNode {
  id: string;
  parentId: string | null;
  name: string;
  kind: DocFolderKind;
  buildingId: string | null;
  specialty: string | null;
  /** The unit whose materials belong here; null where any unit of the category may add them. */
  orgId: string | null;
  orgName: string | null;
  /** Files directly in this folder. */
  fileCount: number;
  /** Whether the caller may add, rename, move and delete in it now. */
  editable: boolean;
  children: DocFolderNode[];
}
export const docFolderNode: z.ZodType<DocFolderNode> = z
  .lazy(() =>
    z.object({
      id: z.string(),
      parentId: z.string().nullable(),
      name: z.string(),
      kind: z.enum(DOC_FOLDER_KINDS),
      buildingId: z.string().nullable(),
      specialty: z.string().nullable(),
      orgId: z.string().nullable(),
      orgName: z.string().nullable(),
      fileCount: z.number().int(),
      editable: z.boolean(),
      children: z.array(docFolderNode),
    }),
  )
  .meta({ id: 'DocFolderNode' });

/** Letters of every script, digits, spaces and the usual punctuation of drawing folder names. */
const folderName = z
  .string()
  .trim()
  .min(1)
  .max(DOC_REPOSITORY_LIMITS.folderNameMax)
  // Judged as stored: the server removes invisible format characters (\p{Cf}) before it keeps a name.
  .refine(
    (v) => {
      const shown = v.replace(/\p{Cf}/gu, '').trim();
      return !/[\\/:*?"<>|\p{Cc}]/u.test(shown) && shown !== '.' && shown !== '..';
    },
    { message: 'FOLDER_NAME_INVALID' },
  );

/** `POST docRepository/saveFolder`: a CUSTOM folder under a generated or custom one. */
export const saveFolderRequest = z.object({
  versionId: z.uuid(),
  parentId: z.uuid(),
  name: folderName,
});
export type SaveFolderRequest = z.input<typeof saveFolderRequest>;

/** `PUT docRepository/rename/{id}`. */
export const renameFolderRequest = z.object({ name: folderName });
export type RenameFolderRequest = z.input<typeof renameFolderRequest>;

/** `GET docRepository/updown/{id}/{targetId}/{flag}`: flag up puts `id` before `targetId`, down after it. */
export const updownFlag = z.enum(['up', 'down']);

/** `deleteAll/{ids}` and `reorder/{ids}`: comma-joined ids of files and folders. */
export const docEntryIds = commaList(z.uuid(), { min: 1, max: 500 });

export const savedFolder = z.object({ id: z.string(), name: z.string(), parentId: z.string().nullable() });

/** How long an operation code lets its upload begin; a started upload resumes until it is saved. */
export const UPLOAD_CODE_MINUTES = 120;

/** `GET docRepository/getOperationCode`: one code per file, bound to the folder and the caller. */
export const operationCodeQuery = z.object({
  versionId: z.uuid(),
  folderId: z.uuid(),
});

export const operationCode = z.object({
  operationCode: z.string(),
  expiresAt: z.string(),
  /** The largest file the platform takes (UPLOAD_MAX_BYTES). */
  maxBytes: z.number().int(),
  /** Where the multipart POST (fields operationCode, then file) goes. */
  uploadUrl: z.string(),
});
export type OperationCode = z.infer<typeof operationCode>;

/** The operation code as a form field or query parameter: 43 base64url characters. */
export const operationCodeField = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'not an operation code');

export const uploadedFile = z.object({
  operationCode: z.string(),
  name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  contentType: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

/** `POST docRepository/saveFile`: puts an uploaded file into its folder, where everyone sees it. */
export const saveFileRequest = z.object({ operationCode: operationCodeField });
export type SaveFileRequest = z.input<typeof saveFileRequest>;

/** `GET docRepository/queryFile`: the files of one folder. */
export const fileQuery = z.object({
  versionId: z.uuid(),
  folderId: z.uuid(),
});

export const docFile = z.object({
  id: z.string(),
  folderId: z.string(),
  versionId: z.string(),
  name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  contentType: z.string(),
  orgId: z.string(),
  orgName: z.string(),
  uploaderName: z.string().nullable(),
  createdAt: z.string(),
  /** Whether the caller may delete it now. */
  deletable: z.boolean(),
});
export type DocFile = z.infer<typeof docFile>;

/** `GET docRepository/getPersonInfo/{id}`: who uploaded a file, for a reviewer to call. */
export const docPersonInfo = z.object({
  name: z.string().nullable(),
  phone: z.string().nullable(),
  orgName: z.string(),
  uploadedAt: z.string(),
});
export type DocPersonInfo = z.infer<typeof docPersonInfo>;

// ---- hand-over (docRepositoryOrg) ----

export const DOC_FEEDBACK_LIMITS = { reasonMax: 500, itemsMax: 100 } as const;

/** `commitDoc`: the acting unit hands over its materials of one category in the current version. */
export const commitDocQuery = z.object({
  versionId: z.uuid(),
  category: z.enum(DOC_CATEGORY_KEYS),
});

/** `confirmApplyDoc`: the construction unit sends the version to review; the agency accepts it. */
export const confirmApplyDocQuery = z.object({ versionId: z.uuid() });

/**
 * `confirmApplyDoc` as sent: `confirmWarnings=true` says the sender has read the warnings
 * (handover-readiness) and sends anyway; without it a send with warnings is refused with the list.
 */
export const confirmApplyDocRequest = confirmApplyDocQuery.extend({
  confirmWarnings: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export const feedbackItem = z.object({
  category: z.enum(DOC_CATEGORY_KEYS),
  /** A folder of the version (a building, a specialty, or below); none: the whole category. */
  folderId: z.uuid().nullish(),
  reason: z.string().trim().min(1).max(DOC_FEEDBACK_LIMITS.reasonMax),
});
export type FeedbackItem = z.input<typeof feedbackItem>;

/**
 * `supplyDoc`: the agency returns the sent version (RETURN), which reopens it for upload, or
 * reminds the units of missing materials (REMIND), which changes nothing else. The reasons come
 * as a JSON array in the query, as the call is a GET.
 */
export const supplyDocQuery = z.object({
  versionId: z.uuid(),
  mode: z.enum(['RETURN', 'REMIND']).default('RETURN'),
  items: z
    .string()
    .max(DOC_FEEDBACK_LIMITS.itemsMax * (DOC_FEEDBACK_LIMITS.reasonMax + 100))
    .transform((v, ctx) => {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'items must be a JSON array' });
        return z.NEVER;
      }
    })
    .pipe(z.array(feedbackItem).min(1).max(DOC_FEEDBACK_LIMITS.itemsMax)),
});

export const docUnitState = z.object({
  orgId: z.string(),
  orgName: z.string(),
  category: z.enum(DOC_CATEGORY_KEYS),
  committed: z.boolean(),
  committedAt: z.string().nullable(),
  /** Files the unit has in the version's tree of this category. */
  fileCount: z.number().int(),
});

/** `getDocVersionState`: where the version stands, who has handed over, and what the caller may do. */
export const docVersionState = z.object({
  versionId: z.string(),
  businessStatus: z.enum(DOC_VERSION_STATUS_KEYS),
  latest: z.boolean(),
  sentAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  units: z.array(docUnitState),
  feedbackCount: z.number().int(),
  /**
   * What stands in the way of handing the version over and what the sender would confirm, for
   * those who send or accept it while it can still be handed over (or returned, stuck); else null.
   */
  readiness: handoverReadiness.nullable(),
  can: z.object({
    commit: z.array(z.enum(DOC_CATEGORY_KEYS)),
    send: z.boolean(),
    accept: z.boolean(),
    /** `supplyDoc` in either mode: the same as `remind`, kept under the spec's name. */
    supply: z.boolean(),
    /** Return the sent version with reasons (PROJECT_POLICY `docs.return`). */
    return: z.boolean(),
    /** Remind the units of missing materials (PROJECT_POLICY `docs.remind`). */
    remind: z.boolean(),
  }),
});
export type DocVersionState = z.infer<typeof docVersionState>;

/** `docRepositoryFeedback/query`. */
export const feedbackQueryRequest = z.object({ versionId: z.uuid() });

export const docFeedback = z.object({
  id: z.string(),
  versionId: z.string(),
  category: z.enum(DOC_CATEGORY_KEYS),
  folderId: z.string().nullable(),
  folderPath: z.string().nullable(),
  kind: z.enum(['RETURN', 'REMIND']),
  reason: z.string(),
  orgName: z.string(),
  createdAt: z.string(),
});
export type DocFeedback = z.infer<typeof docFeedback>;

// ---- reading files ----

/** `getViewURL` / `getViewToken`: a file of the application, by id. */
export const viewFileQuery = z.object({ fileId: z.uuid() });
export const docViewUrl = z.object({ url: z.string(), expiresAt: z.string() });
export const docViewToken = z.object({ token: z.string(), expiresAt: z.string() });
/** `download=1` saves a file that would otherwise be shown (a PDF, an image). */
export const viewQuery = z.object({ download: z.enum(['0', '1']).optional() });
/** `orgIds=a,b`: only those units' uploads; absent or blank, every file of the version. */
export const batchDownloadQuery = z.object({ orgIds: commaList(z.uuid()).optional() });
