import { z } from 'zod';
import { personNameField, phoneField } from '../members/member-contracts.js';
import { regionCodeField } from '../orgs/org-contracts.js';
import { PROJECT_STATUS_KEYS } from './project-status.js';

/**
 * Contracts of the project master (工程项目, `projectDic`) and the review application
 * (报审 / 变更, `project`), spec §7 "Projects", with the fields a Hunan application really has.
 */

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** Square metres. A single application above 10 km² of floor area is a typing error. */
const floorArea = z.number().min(0).max(10_000_000);

export const projectDicRequest = z.object({
  name: text(100).min(2),
  regionCode: regionCodeField,
  address: text(200),
});
export type ProjectDicRequest = z.input<typeof projectDicRequest>;

export const projectDicUpdateRequest = projectDicRequest.extend({ id: z.uuid() });
export type ProjectDicUpdateRequest = z.input<typeof projectDicUpdateRequest>;

export const projectDic = z.object({
  id: z.string(),
  orgId: z.string(),
  name: z.string(),
  regionCode: z.string(),
  /** '湖南省/长沙市/岳麓区'. */
  region: z.string(),
  address: z.string(),
  /** How many applications (first and changes) were made under it. */
  applications: z.number().int(),
  /** Whether an application under it has passed review: only then can a change be made. */
  passed: z.boolean(),
  createdAt: z.string(),
});
export type ProjectDic = z.infer<typeof projectDic>;

/** `POST /{orgId}/projectDic/query`: the org's project masters; `isAlter` keeps those a change can start from. */
export const projectDicQuery = z.object({
  isAlter: z.boolean().optional(),
  name: z.string().trim().max(100).optional(),
});
export type ProjectDicQuery = z.input<typeof projectDicQuery>;

/** The application form of `/sys_apply/newreport` (no id: add; with id: update). */
export const projectForm = z
  .object({
    projectDicId: z.uuid(),
    name: text(100).min(2),
    regionCode: regionCodeField,
    address: text(200),
    /** 建设用地规划许可证号. */
    landUsePermitNo: optionalText(64),
    /** 建设工程规划许可证号. */
    planningPermitNo: optionalText(64),
    totalArea: floorArea.positive(),
    aboveGroundArea: floorArea,
    belowGroundArea: floorArea,
    /** 万元; above 10 million 万元 (100 billion yuan) is a typing error. */
    investment: z.number().positive().max(10_000_000),
    projectType: text(32),
    constructType: text(32),
    stage: text(32),
    contactName: personNameField,
    contactPhone: phoneField,
    designOrgIds: z.array(z.uuid()).min(1).max(10),
    surveyOrgIds: z.array(z.uuid()).max(10),
    censorOrgId: z.uuid(),
  })
  .refine(
    (f) => Math.abs(f.aboveGroundArea + f.belowGroundArea - f.totalArea) <= Math.max(1, f.totalArea * 0.005),
    {
      message: 'above- and below-ground areas must add up to the total area',
      path: ['totalArea'],
    },
  )
  .refine((f) => new Set(f.designOrgIds).size === f.designOrgIds.length, {
    message: 'a design unit is named twice',
    path: ['designOrgIds'],
  })
  .refine((f) => new Set(f.surveyOrgIds).size === f.surveyOrgIds.length, {
    message: 'a survey unit is named twice',
    path: ['surveyOrgIds'],
  });
export type ProjectForm = z.input<typeof projectForm>;

export const projectUpdateRequest = z.object({ id: z.uuid(), form: projectForm });
export type ProjectUpdateRequest = z.input<typeof projectUpdateRequest>;

const party = z.object({ orgId: z.string(), orgName: z.string() });

export const projectDetail = z.object({
  id: z.string(),
  code: z.string(),
  status: z.enum(PROJECT_STATUS_KEYS),
  isAlter: z.boolean(),
  projectDicId: z.string(),
  name: z.string(),
  regionCode: z.string(),
  region: z.string(),
  address: z.string(),
  landUsePermitNo: z.string().nullable(),
  planningPermitNo: z.string().nullable(),
  totalArea: z.number(),
  aboveGroundArea: z.number(),
  belowGroundArea: z.number(),
  investment: z.number(),
  projectType: z.string(),
  constructType: z.string(),
  stage: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  construct: party,
  designList: z.array(party),
  surveyList: z.array(party),
  censor: party,
  /** How often it was submitted (a recall and a new submit count twice). */
  submitCount: z.number().int(),
  submittedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the acting organisation may do to it now (PROJECT_POLICY): the screens show only these. */
  can: z.object({
    edit: z.boolean(),
    delete: z.boolean(),
    submit: z.boolean(),
    revoke: z.boolean(),
    /** Add or delete attachments, change their remarks. */
    editAttachments: z.boolean(),
    /** Add or copy buildings. */
    addBuildings: z.boolean(),
    /** The review agency's buildings for review missions. */
    buildingTasks: z.boolean(),
    /** Fill in survey information of its own: a survey unit named in the application. */
    fillSurveyInfo: z.boolean(),
  }),
});
export type ProjectDetail = z.infer<typeof projectDetail>;

export const projectSummary = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  status: z.enum(PROJECT_STATUS_KEYS),
  isAlter: z.boolean(),
  region: z.string(),
  constructName: z.string(),
  censorName: z.string(),
  submittedAt: z.string().nullable(),
  createdAt: z.string(),
  /**
   * The review agency's missions on it whose due day has passed and that are not done (issue 19,
   * mission `isOverdue`); 0 in the other parties' lists.
   */
  overdueMissions: z.number().int().nonnegative(),
  /** What the acting organisation may do to it from the list (PROJECT_POLICY). */
  can: z.object({ edit: z.boolean() }),
});
export type ProjectSummary = z.infer<typeof projectSummary>;

/** `project/pagelist` and `project/search`: page 0 and size 5 by default (spec §9). */
export const projectListQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(5),
  /** Part of the name or of the code. */
  name: z.string().trim().max(100).optional(),
  status: z.enum(PROJECT_STATUS_KEYS).optional(),
  /** Created on or after / before (YYYY-MM-DD). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type ProjectListQuery = z.input<typeof projectListQuery>;

export const projectPage = z.object({ total: z.number().int(), items: z.array(projectSummary) });
export type ProjectPage = z.infer<typeof projectPage>;
