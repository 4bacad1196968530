import { z } from 'zod';
import { ORG_TYPES } from './org-type.js';
import { createOrgRequest, regionCodeField } from './org-contracts.js';
import {
  QUALIFICATION_TYPE_KEYS,
  checkQualification,
  enterpriseQualificationFields,
} from '../registration/enterprise-qualification.js';

export * from '../registration/enterprise-qualification.js';

/** CONTROL and JOINTTRIAL organisations are created by the system admin only. */
export const REGISTRABLE_ORG_TYPES = ['CONSTRUCT', 'DESIGN', 'SURVEY', 'CENSOR'] as const;
export const APPLICATION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Business licence: a PDF or an image, recognised by content, at most this size. */
export const LICENCE_MAX_BYTES = 10 * 1024 * 1024;

export const licenceUploadResult = z.object({
  fileId: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type LicenceUploadResult = z.infer<typeof licenceUploadResult>;

/**
 * The user agreement makes the enterprise answer for its 资质, so registration asks for it: type,
 * grade, certificate number and validity (see `checkQualification` for which types must give it).
 */
export const registrationRequest = createOrgRequest
  .extend({
    orgType: z.enum(REGISTRABLE_ORG_TYPES),
    ...enterpriseQualificationFields,
    licenceFileId: z.uuid(),
    agreementAccepted: z.literal(true, { message: 'the user agreement must be accepted' }),
  })
  .superRefine(checkQualification);
export type RegistrationRequest = z.input<typeof registrationRequest>;

export const orgApplication = z.object({
  id: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  orgType: z.enum(ORG_TYPES),
  name: z.string(),
  creditCode: z.string(),
  regionCode: z.string(),
  region: z.string(),
  address: z.string(),
  legalRepresentative: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  qualificationType: z.enum(QUALIFICATION_TYPE_KEYS).nullable(),
  qualificationNo: z.string().nullable(),
  /** 甲级, 乙级… (QUALIFICATION_GRADES), or what an older application typed. */
  qualificationGrade: z.string().nullable(),
  qualificationValidUntil: z.string().nullable(),
  licence: z.object({
    fileId: z.string(),
    fileName: z.string(),
    size: z.number().int(),
    contentType: z.string(),
  }),
  admin: z.object({ username: z.string(), name: z.string(), phone: z.string() }),
  rejectReason: z.string().nullable(),
  orgId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type OrgApplication = z.infer<typeof orgApplication>;

export const applicationQuery = z.object({
  status: z.enum(APPLICATION_STATUSES).optional(),
  orgType: z.enum(REGISTRABLE_ORG_TYPES).optional(),
  /** A region code; applications from inside it match. */
  region: regionCodeField.optional(),
  name: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
});
export type ApplicationQuery = z.input<typeof applicationQuery>;

export const applicationPage = z.object({ total: z.number().int(), items: z.array(orgApplication) });
export type ApplicationPage = z.infer<typeof applicationPage>;

export const rejectApplicationRequest = z.object({ reason: z.string().trim().min(2).max(500) });

/** Header that carries the applicant's short-lived right to read and correct a rejected application. */
export const APPLICATION_TOKEN_HEADER = 'x-application-token';
