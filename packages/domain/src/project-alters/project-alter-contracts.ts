import { z } from 'zod';
import { building } from '../buildings/building-contracts.js';
import type { Locale } from '../errors/error-codes.js';
import { projectDetail, projectForm } from '../projects/project-contracts.js';

/**
 * Contracts of a change application (变更, spec §7 `projectAlterDetail`): an application with
 * `isAlter` under a project master that has passed review. Besides the application form it says
 * which passed buildings it changes, what changed and why. Drawings that passed review may only
 * be changed through the original agency where the change touches public interest, public safety
 * or mandatory standards (《房屋建筑和市政基础设施工程施工图设计文件审查管理办法》 art. 14), hence
 * the categories.
 */

type Texts = Record<Locale, string>;

/** What a design change touches (设计变更涉及). */
export const ALTER_CATEGORIES = {
  STRUCTURE: { 'zh-CN': '地基基础和主体结构安全', 'en-US': 'Foundation and structural safety' },
  FIRE: { 'zh-CN': '消防安全', 'en-US': 'Fire safety' },
  ENERGY: { 'zh-CN': '建筑节能', 'en-US': 'Energy efficiency' },
  FUNCTION: { 'zh-CN': '使用功能', 'en-US': 'Use and function' },
  MANDATORY: { 'zh-CN': '工程建设强制性标准', 'en-US': 'Mandatory construction standards' },
  PUBLIC: { 'zh-CN': '公共利益和公众安全', 'en-US': 'Public interest and public safety' },
  OTHER: { 'zh-CN': '其他', 'en-US': 'Other' },
} as const satisfies Record<string, Texts>;
export type AlterCategory = keyof typeof ALTER_CATEGORIES;
export const ALTER_CATEGORY_KEYS = Object.keys(ALTER_CATEGORIES) as [AlterCategory, ...AlterCategory[]];

export const PROJECT_ALTER_LIMITS = {
  buildingsMax: 100,
  contentMax: 4000,
  reasonMax: 2000,
} as const;

/**
 * `POST projectAlterDetail/saveOrUpdate`: no id saves a new change application, an id changes
 * that draft. `form` is the application form of a first application; its project master must have
 * a passed application, and every building id must be a building of one.
 */
export const projectAlterRequest = z
  .object({
    id: z.uuid().optional(),
    form: projectForm,
    buildingIds: z.array(z.uuid()).min(1).max(PROJECT_ALTER_LIMITS.buildingsMax),
    categories: z.array(z.enum(ALTER_CATEGORY_KEYS)).min(1).max(ALTER_CATEGORY_KEYS.length),
    /** 变更内容. */
    content: z.string().trim().min(1).max(PROJECT_ALTER_LIMITS.contentMax),
    /** 变更原因. */
    reason: z.string().trim().min(1).max(PROJECT_ALTER_LIMITS.reasonMax),
  })
  .refine((r) => new Set(r.buildingIds).size === r.buildingIds.length, {
    message: 'a building is named twice',
    path: ['buildingIds'],
  })
  .refine((r) => new Set(r.categories).size === r.categories.length, {
    message: 'a category is named twice',
    path: ['categories'],
  });
export type ProjectAlterRequest = z.input<typeof projectAlterRequest>;

export const projectAlterSaved = z.object({ id: z.string(), code: z.string() });
export type ProjectAlterSaved = z.infer<typeof projectAlterSaved>;

/** One passed building a change application changes, with its copy in the change (if still there). */
export const alteredBuilding = z.object({
  sourceBuildingId: z.string(),
  sourceProjectId: z.string(),
  sourceProjectCode: z.string(),
  name: z.string(),
  /** The draft copy in the change application; null once the construction unit deleted it there. */
  buildingId: z.string().nullable(),
});
export type AlteredBuilding = z.infer<typeof alteredBuilding>;

/** `GET projectAlterDetail/{id}`: the change's own part and the application it belongs to. */
export const projectAlterDetail = z.object({
  projectId: z.string(),
  categories: z.array(z.enum(ALTER_CATEGORY_KEYS)),
  content: z.string(),
  reason: z.string(),
  buildings: z.array(alteredBuilding),
  project: projectDetail,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectAlterDetail = z.infer<typeof projectAlterDetail>;

/** `GET projectAlterDetail/getPassedBuildings?projectDicId=`. */
export const passedBuildingsQuery = z.object({ projectDicId: z.uuid() });
export type PassedBuildingsQuery = z.input<typeof passedBuildingsQuery>;

/** A building of a passed application, which a change can pick, with the application it passed in. */
export const passedBuilding = building.extend({
  projectCode: z.string(),
  projectName: z.string(),
});
export type PassedBuilding = z.infer<typeof passedBuilding>;
