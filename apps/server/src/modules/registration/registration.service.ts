import { SignJWT, jwtVerify } from 'jose';
import {
  LICENCE_MAX_BYTES,
  PROFILES_BY_ORG_TYPE,
  regionLabel,
  type ApplicationPage,
  type LicenceUploadResult,
  type OrgApplication,
  type applicationQuery,
  type registrationRequest,
} from '@drp/domain';
import type { z } from 'zod';
import { inTransaction } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { cleanFileName } from '../../lib/clean-file-name.js';
import type { AppContext } from '../../lib/app-context.js';
import { newFileKey, sniffFileType } from '../../lib/file-store.js';
import { assertPasswordPolicy, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { findAccountByUsername } from '../auth/auth.repository.js';
import { sendMessage } from '../messages/messages.service.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { insertAccount, insertMember, replaceMemberProfiles } from '../members/members.repository.js';
import {
  countOrgMembers,
  findOrgByCreditCode,
  insertOrg,
  updateOrgDetails,
} from '../orgs/orgs.repository.js';
import type { Db } from '../../db/database.js';
import {
  findApplicationForUpdate,
  findApplicationWithUpload,
  findOpenApplicationByUsername,
  findPendingClaim,
  findUpload,
  insertApplication,
  insertUpload,
  searchApplications,
  updateApplication,
  type ApplicationRow,
  type UploadRow,
} from './registration.repository.js';

type Registration = z.output<typeof registrationRequest>;

/**
 * Whether an enterprise may register under this credit code: free when no organisation has it,
 * or when the one that has it is a directory entry of the same type with nobody in it yet.
 */
async function claimableOrg(db: Db, creditCode: string, orgType: string) {
  const existing = await findOrgByCreditCode(db, creditCode);
  if (!existing) return { free: true, entry: undefined };
  const unclaimed = existing.orgType === orgType && (await countOrgMembers(db, existing.id)) === 0;
  return { free: unclaimed, entry: unclaimed ? existing : undefined };
}
const TOKEN_SECONDS = 1800;

function present(application: ApplicationRow, upload: UploadRow): OrgApplication {
  return {
    id: application.id,
    status: application.status,
    orgType: application.orgType,
    name: application.name,
    creditCode: application.creditCode,
    regionCode: application.regionCode,
    region: regionLabel(application.regionCode),
    address: application.address,
    legalRepresentative: application.legalRepresentative,
    contactName: application.contactName,
    contactPhone: application.contactPhone,
    qualificationType: application.qualificationType,
    qualificationNo: application.qualificationNo,
    qualificationGrade: application.qualificationGrade,
    qualificationValidUntil: application.qualificationValidUntil,
    licence: {
      fileId: upload.id,
      fileName: upload.fileName,
      size: upload.size,
      contentType: upload.contentType,
    },
    admin: {
      username: application.adminUsername,
      name: application.adminName,
      phone: application.adminPhone,
    },
    rejectReason: application.rejectReason,
    orgId: application.orgId,
    createdAt: application.createdAt.toISOString(),
    updatedAt: application.updatedAt.toISOString(),
    reviewedAt: application.reviewedAt?.toISOString() ?? null,
  };
}

/** Keeps a business licence that is really a PDF or an image, judged by its bytes. */
export async function uploadLicence(
  ctx: AppContext,
  input: { fileName: string; body: Buffer },
): Promise<LicenceUploadResult> {
  if (input.body.length > LICENCE_MAX_BYTES)
    throw new AppError('FILE_TOO_LARGE', { mb: LICENCE_MAX_BYTES / 1048576 });
  const contentType = sniffFileType(input.body.subarray(0, 16));
  if (!contentType || input.body.length === 0) throw new AppError('UNSUPPORTED_FILE');
  const fileName = cleanFileName(input.fileName);
  const storageKey = newFileKey('licences');
  await ctx.files.put(storageKey, input.body);
  const upload = await insertUpload(ctx.db, { storageKey, fileName, contentType, size: input.body.length });
  return { fileId: upload.id, fileName, size: upload.size, contentType };
}

/** The username and credit code must be free: no account, no organisation, no other pending application. */
async function checkClaims(
  ctx: AppContext,
  request: Registration,
  acceptLanguage: string | undefined,
  exceptId?: string,
) {
  if (!(await claimableOrg(ctx.db, request.creditCode, request.orgType)).free)
    throw new AppError('CREDIT_CODE_TAKEN', {}, { field: 'creditCode' });
  if (await findAccountByUsername(ctx.db, request.admin.username))
    throw new AppError('USERNAME_TAKEN', {}, { field: 'admin.username' });
  const claim = await findPendingClaim(ctx.db, {
    username: request.admin.username,
    creditCode: request.creditCode,
    ...(exceptId ? { exceptId } : {}),
  });
  if (claim?.creditCode === request.creditCode)
    throw new AppError('CREDIT_CODE_TAKEN', {}, { field: 'creditCode' });
  if (claim) throw new AppError('USERNAME_TAKEN', {}, { field: 'admin.username' });
  if (!(await findUpload(ctx.db, request.licenceFileId)))
    throw new AppError('UNSUPPORTED_FILE', {}, { field: 'licenceFileId' });
  // A certificate valid until today is still valid today (dates are the platform's, Beijing time).
  const valid = request.qualificationValidUntil;
  if (valid && valid < beijingDate(ctx.clock()))
    throw new AppError('QUALIFICATION_EXPIRED', { date: valid }, { field: 'qualificationValidUntil' });
  assertPasswordPolicy({
    policy: ctx.config.passwordPolicy,
    password: request.admin.password,
    username: request.admin.username,
    acceptLanguage,
    field: 'admin.password',
  });
}

/** The calendar date in China (UTC+8, no daylight saving), as certificates print it. */
function beijingDate(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

function fieldsOf(request: Registration, passwordHash: string) {
  return {
    orgType: request.orgType,
    name: request.name,
    creditCode: request.creditCode,
    regionCode: request.regionCode,
    address: request.address,
    legalRepresentative: request.legalRepresentative,
    contactName: request.contactName,
    contactPhone: request.contactPhone,
    qualificationType: request.qualificationType ?? null,
    qualificationNo: request.qualificationNo ?? null,
    qualificationGrade: request.qualificationGrade ?? null,
    qualificationValidUntil: request.qualificationValidUntil ?? null,
    licenceUploadId: request.licenceFileId,
    adminUsername: request.admin.username,
    adminName: request.admin.name,
    adminPhone: request.admin.phone,
    adminPasswordHash: passwordHash,
  };
}

export async function submitRegistration(
  ctx: AppContext,
  input: { request: Registration; ip: string; acceptLanguage: string | undefined },
) {
  await checkClaims(ctx, input.request, input.acceptLanguage);
  const passwordHash = await hashPassword(input.request.admin.password);
  return inTransaction(ctx.db, async (tx) => {
    const application = await insertApplication(tx, fieldsOf(input.request, passwordHash));
    await recordAudit(tx, ctx.clock(), {
      action: 'REGISTRATION_SUBMITTED',
      actor: { accountId: null, username: application.adminUsername, orgId: null, ip: input.ip },
      target: { type: 'application', id: application.id },
      detail: { name: application.name, orgType: application.orgType, creditCode: application.creditCode },
    });
    return { id: application.id, status: application.status };
  });
}

async function applicationToken(ctx: AppContext, id: string) {
  const now = Math.floor(ctx.clock().getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(id)
    .setAudience('org-application')
    .setIssuedAt(now)
    .setExpirationTime(now + TOKEN_SECONDS)
    .sign(ctx.secrets.authKey);
}

async function checkApplicationToken(ctx: AppContext, id: string, token: string | undefined) {
  try {
    const { payload } = await jwtVerify(token ?? '', ctx.secrets.authKey, {
      audience: 'org-application',
      algorithms: ['HS256'],
      currentDate: ctx.clock(),
    });
    if (payload.sub === id) return;
  } catch {
    // fall through
  }
  // Without the right token an application answers like one that does not exist.
  throw new AppError('NOT_FOUND');
}

/**
 * Called by sign-in when no account has the username: an applicant with the right password
 * learns that the application waits, or why it was refused (with a token to correct it).
 * Returns whether a password was checked (false when no application has the username).
 */
export async function answerApplicantSignIn(
  ctx: AppContext,
  username: string,
  password: string,
): Promise<boolean> {
  const application = await findOpenApplicationByUsername(ctx.db, username);
  if (!application) return false;
  // A wrong password answers like any failed sign-in; the check itself was made.
  if (!(await verifyPassword(application.adminPasswordHash, password))) return true;
  if (application.status === 'PENDING')
    throw new AppError('APPLICATION_PENDING', {}, { applicationId: application.id });
  throw new AppError(
    'APPLICATION_REJECTED',
    { reason: application.rejectReason ?? '' },
    { applicationId: application.id, applicationToken: await applicationToken(ctx, application.id) },
  );
}

export async function readOwnApplication(ctx: AppContext, input: { id: string; token: string | undefined }) {
  await checkApplicationToken(ctx, input.id, input.token);
  const found = await findApplicationWithUpload(ctx.db, input.id);
  if (!found) throw new AppError('NOT_FOUND');
  return present(found.application, found.upload);
}

/** A refused applicant corrects the application; it goes back to the queue. */
export async function resubmitRegistration(
  ctx: AppContext,
  input: {
    id: string;
    token: string | undefined;
    request: Registration;
    ip: string;
    acceptLanguage: string | undefined;
  },
) {
  await checkApplicationToken(ctx, input.id, input.token);
  await checkClaims(ctx, input.request, input.acceptLanguage, input.id);
  const passwordHash = await hashPassword(input.request.admin.password);
  return inTransaction(ctx.db, async (tx) => {
    const current = await findApplicationForUpdate(tx, input.id);
    if (!current) throw new AppError('NOT_FOUND');
    if (current.status !== 'REJECTED') throw new AppError('APPLICATION_NOT_PENDING');
    const updated = await updateApplication(tx, input.id, {
      ...fieldsOf(input.request, passwordHash),
      status: 'PENDING',
      rejectReason: null,
      reviewedAt: null,
      reviewedBy: null,
      updatedAt: ctx.clock(),
    });
    await recordAudit(tx, ctx.clock(), {
      action: 'REGISTRATION_SUBMITTED',
      actor: { accountId: null, username: updated!.adminUsername, orgId: null, ip: input.ip },
      target: { type: 'application', id: input.id },
      detail: { resubmitted: true, previousReason: current.rejectReason },
    });
    return { id: input.id, status: updated!.status };
  });
}

export async function listApplications(
  ctx: AppContext,
  query: z.output<typeof applicationQuery>,
): Promise<ApplicationPage> {
  const { total, items } = await searchApplications(ctx.db, query);
  return { total, items: items.map(({ application, upload }) => present(application, upload)) };
}

export async function getApplication(ctx: AppContext, id: string) {
  const found = await findApplicationWithUpload(ctx.db, id);
  if (!found) throw new AppError('NOT_FOUND');
  return present(found.application, found.upload);
}

export async function openLicence(ctx: AppContext, id: string) {
  const found = await findApplicationWithUpload(ctx.db, id);
  if (!found) throw new AppError('NOT_FOUND');
  const file = await ctx.files.open(found.upload.storageKey);
  if (!file) throw new AppError('NOT_FOUND');
  return { ...file, fileName: found.upload.fileName, contentType: found.upload.contentType };
}

/**
 * Approval creates the organisation and its admin account (the applicant's own password, so no
 * forced change) holding the type's ordinary profiles, in one transaction with the decision.
 */
export async function approveApplication(ctx: AppContext, input: { id: string; audit: AuditActor }) {
  return inTransaction(ctx.db, async (tx) => {
    const application = await findApplicationForUpdate(tx, input.id);
    if (!application) throw new AppError('NOT_FOUND');
    if (application.status !== 'PENDING') throw new AppError('APPLICATION_NOT_PENDING');
    // Checked again: an organisation or account may have taken them since the application came in.
    const claim = await claimableOrg(tx, application.creditCode, application.orgType);
    if (!claim.free) throw new AppError('CREDIT_CODE_TAKEN');
    if (await findAccountByUsername(tx, application.adminUsername)) throw new AppError('USERNAME_TAKEN');
    const details = {
      name: application.name,
      orgType: application.orgType,
      creditCode: application.creditCode,
      regionCode: application.regionCode,
      address: application.address,
      legalRepresentative: application.legalRepresentative,
      contactName: application.contactName,
      contactPhone: application.contactPhone,
      qualificationNo: application.qualificationNo,
      qualificationGrade: application.qualificationGrade,
    };
    // A directory entry the information staff made for this enterprise becomes its organisation.
    const org = claim.entry
      ? (await updateOrgDetails(tx, claim.entry.id, details))!
      : await insertOrg(tx, details);
    const account = await insertAccount(tx, {
      username: application.adminUsername,
      name: application.adminName,
      phone: application.adminPhone,
      passwordHash: application.adminPasswordHash,
    });
    const member = await insertMember(tx, { accountId: account.id, orgId: org.id, admin: true });
    // The type's ordinary profiles only: the platform-staff ones are the system admin's to give,
    // and only on the platform operator.
    await replaceMemberProfiles(tx, member.id, PROFILES_BY_ORG_TYPE[org.orgType]);
    await updateApplication(tx, application.id, {
      status: 'APPROVED',
      orgId: org.id,
      reviewedBy: input.audit.accountId,
      reviewedAt: ctx.clock(),
      updatedAt: ctx.clock(),
    });
    await recordAudit(tx, ctx.clock(), {
      action: 'ORG_APPROVED',
      actor: input.audit,
      orgId: org.id,
      target: { type: 'application', id: application.id },
      detail: { name: org.name, admin: account.username, claimedDirectoryEntry: Boolean(claim.entry) },
    });
    // The new organisation's first to-do: bring its people in through the back office.
    await sendMessage(tx, {
      type: 'PLATFORM_REGISTRATION_APPROVE',
      to: [{ orgId: org.id }],
      at: ctx.clock(),
      by: input.audit.accountId,
      targetId: org.id,
      params: { orgName: org.name },
    });
    return { orgId: org.id };
  });
}

export async function rejectApplication(
  ctx: AppContext,
  input: { id: string; reason: string; audit: AuditActor },
) {
  await inTransaction(ctx.db, async (tx) => {
    const application = await findApplicationForUpdate(tx, input.id);
    if (!application) throw new AppError('NOT_FOUND');
    if (application.status !== 'PENDING') throw new AppError('APPLICATION_NOT_PENDING');
    await updateApplication(tx, application.id, {
      status: 'REJECTED',
      rejectReason: input.reason,
      reviewedBy: input.audit.accountId,
      reviewedAt: ctx.clock(),
      updatedAt: ctx.clock(),
    });
    await recordAudit(tx, ctx.clock(), {
      action: 'ORG_REJECTED',
      actor: input.audit,
      orgId: null,
      target: { type: 'application', id: application.id },
      detail: { name: application.name, reason: input.reason },
    });
  });
}
