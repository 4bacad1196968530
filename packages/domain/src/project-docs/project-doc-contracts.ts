import { z } from 'zod';
import type { Locale } from '../errors/error-codes.js';

/**
 * Contracts of an application's attachments (`projectDoc`, spec §7): the permits and contracts a
 * construction unit files with its review application. `modelType` is the kind's code.
 */

type Texts = Record<Locale, string>;

/** The kinds of attachment a review application carries. */
export const PROJECT_DOC_TYPES = {
  PLANNING_PERMIT: { 'zh-CN': '建设工程规划许可证', 'en-US': 'Construction project planning permit' },
  LAND_USE_PERMIT: { 'zh-CN': '建设用地规划许可证', 'en-US': 'Land-use planning permit' },
  PROJECT_APPROVAL: {
    'zh-CN': '项目审批、核准或备案文件',
    'en-US': 'Project approval, authorisation or filing document',
  },
  DESIGN_CONTRACT: { 'zh-CN': '施工图设计合同', 'en-US': 'Working-drawing design contract' },
  SURVEY_CONTRACT: { 'zh-CN': '勘察合同', 'en-US': 'Survey contract' },
  REVIEW_CONTRACT: { 'zh-CN': '施工图审查合同', 'en-US': 'Drawing review contract' },
  OTHER: { 'zh-CN': '其他', 'en-US': 'Other' },
} as const satisfies Record<string, Texts>;
export type ProjectDocType = keyof typeof PROJECT_DOC_TYPES;
export const PROJECT_DOC_TYPE_KEYS = Object.keys(PROJECT_DOC_TYPES) as [ProjectDocType, ...ProjectDocType[]];

/** What an attachment may be, judged by its bytes: PDF, the Chinese OFD format, or a scan. */
export const PROJECT_DOC_CONTENT_TYPES = [
  'application/pdf',
  'application/ofd',
  'image/jpeg',
  'image/png',
] as const;
export type ProjectDocContentType = (typeof PROJECT_DOC_CONTENT_TYPES)[number];

export const PROJECT_DOC_LIMITS = {
  remarkMax: 200,
  fileNameMax: 200,
} as const;

const remarkField = z
  .string()
  .trim()
  .max(PROJECT_DOC_LIMITS.remarkMax)
  .nullish()
  .transform((v) => (v ? v : null));

/** `GET projectDoc/pagelist`: page 0 and size 5 by default (spec §9); no modelType lists every kind. */
export const projectDocListQuery = z.object({
  projectId: z.uuid(),
  modelType: z.enum(PROJECT_DOC_TYPE_KEYS).optional(),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(5),
});
export type ProjectDocListQuery = z.input<typeof projectDocListQuery>;

/**
 * `POST projectDoc/add`, multipart: these fields, then the file in the part named "file" (fields
 * sent after the file are not read).
 */
export const projectDocAddFields = z.object({
  projectId: z.uuid(),
  modelType: z.enum(PROJECT_DOC_TYPE_KEYS),
  remark: remarkField,
});
export type ProjectDocAddFields = z.input<typeof projectDocAddFields>;

/** `POST projectDoc/remark/edit/{id}`. */
export const projectDocRemarkRequest = z.object({ remark: remarkField });
export type ProjectDocRemarkRequest = z.input<typeof projectDocRemarkRequest>;

export const projectDoc = z.object({
  id: z.string(),
  projectId: z.string(),
  modelType: z.enum(PROJECT_DOC_TYPE_KEYS),
  fileName: z.string(),
  contentType: z.enum(PROJECT_DOC_CONTENT_TYPES),
  size: z.number().int(),
  remark: z.string().nullable(),
  uploadedByOrgName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectDoc = z.infer<typeof projectDoc>;

export const projectDocPage = z.object({
  total: z.number().int(),
  items: z.array(projectDoc),
  /** Whether the acting organisation may add, delete and annotate attachments now. */
  can: z.object({ edit: z.boolean() }),
});
export type ProjectDocPage = z.infer<typeof projectDocPage>;
