import { z } from 'zod';
import { ORG_TYPES } from './org-type.js';
import { isValidCreditCode } from './credit-code.js';
import { isRegionCode } from './regions.js';
import { newUsernameField, personNameField, phoneField } from '../members/member-contracts.js';
import { passwordField } from '../auth/auth-contracts.js';

export const creditCodeField = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isValidCreditCode, { message: 'is not a valid unified social credit code (GB 32100)' });

export const regionCodeField = z
  .string()
  .trim()
  .refine(isRegionCode, { message: 'is not a known region code' });

export const orgSummary = z.object({
  id: z.string(),
  name: z.string(),
  orgType: z.enum(ORG_TYPES),
  creditCode: z.string().nullable(),
  regionCode: z.string().nullable(),
  /** '湖南省/长沙市/岳麓区'. */
  region: z.string(),
  address: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  enabled: z.boolean(),
  /** The platform operator, whose people alone may hold the platform-staff profiles. */
  platformOperator: z.boolean(),
  createdAt: z.string(),
});
export type OrgSummary = z.infer<typeof orgSummary>;

const booleanParam = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Legacy `getAllCompany` filters and paging (query parameters). */
export const companyQuery = z.object({
  orgType: z.enum(ORG_TYPES).optional(),
  enabled: booleanParam.optional(),
  /** `true`: only the platform operator (the organisation form asks whether one exists). */
  platformOperator: booleanParam.optional(),
  /** Part of the name or the exact credit code. */
  name: z.string().trim().max(100).optional(),
  /** A region code; organisations inside it match. */
  region: regionCodeField.optional(),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
});
export type CompanyQuery = z.input<typeof companyQuery>;

export const companyPage = z.object({ total: z.number().int(), items: z.array(orgSummary) });
export type CompanyPage = z.infer<typeof companyPage>;

export const companyOption = z.object({ id: z.string(), name: z.string() });

export const createOrgRequest = z.object({
  orgType: z.enum(ORG_TYPES),
  name: z.string().trim().min(2).max(100),
  creditCode: creditCodeField,
  regionCode: regionCodeField,
  address: z.string().trim().min(1).max(200),
  legalRepresentative: z.string().trim().min(1).max(32),
  contactName: personNameField,
  contactPhone: phoneField,
  qualificationNo: z.string().trim().max(64).optional(),
  qualificationGrade: z.string().trim().max(32).optional(),
  admin: z.object({
    username: newUsernameField,
    name: personNameField,
    phone: phoneField,
    password: passwordField,
  }),
});
export type CreateOrgRequest = z.input<typeof createOrgRequest>;

/**
 * The system admin's organisation form: the details, the first admin, and whether this is the
 * platform operator, the one CONTROL organisation whose people may hold the platform-staff
 * profiles. A new installation names it here once; the demo seed and migration 0022 set it on an
 * existing one.
 */
export const adminCreateOrgRequest = createOrgRequest.extend({
  platformOperator: z.boolean().default(false),
});
export type AdminCreateOrgRequest = z.input<typeof adminCreateOrgRequest>;

/** The public details of a directory entry, as information-service staff keep them. */
export const orgDetailsRequest = createOrgRequest.omit({ admin: true });
export type OrgDetailsRequest = z.input<typeof orgDetailsRequest>;

export const orgDetail = orgSummary.extend({
  legalRepresentative: z.string().nullable(),
  qualificationNo: z.string().nullable(),
  qualificationGrade: z.string().nullable(),
  memberCount: z.number().int(),
});
export type OrgDetail = z.infer<typeof orgDetail>;

export const setOrgEnabledRequest = z.object({ enabled: z.boolean() });

export const orgAdminsEntry = z.object({
  orgId: z.string(),
  orgName: z.string(),
  orgType: z.enum(ORG_TYPES),
  admins: z.array(z.object({ id: z.string(), name: z.string(), phone: z.string().nullable() })),
});
export type OrgAdminsEntry = z.infer<typeof orgAdminsEntry>;
