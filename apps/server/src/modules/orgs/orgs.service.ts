import {
  PROFILES_BY_ORG_TYPE,
  regionLabel,
  type CompanyPage,
  type OrgAdminsEntry,
  type OrgType,
  type OrgDetail,
  type companyQuery,
  type adminCreateOrgRequest,
  type orgDetailsRequest,
} from '@drp/domain';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { AppContext } from '../../lib/app-context.js';
import { inTransaction } from '../../db/database.js';
import { assertPasswordPolicy, hashPassword } from '../../lib/passwords.js';
import { findAccountByUsername } from '../auth/auth.repository.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { insertAccount, insertMember, replaceMemberProfiles } from '../members/members.repository.js';
import {
  countOrgMembers,
  findOrgById,
  updateOrgDetails,
  findOrgByCreditCode,
  findPlatformOperator,
  insertOrg,
  listEnabledOrgsOfType,
  listOrgAdmins,
  searchOrgs,
  setOrgEnabled,
  type OrgRow,
} from './orgs.repository.js';

export function presentOrg(org: OrgRow) {
  return {
    id: org.id,
    name: org.name,
    orgType: org.orgType,
    creditCode: org.creditCode,
    regionCode: org.regionCode,
    region: regionLabel(org.regionCode),
    address: org.address,
    contactName: org.contactName,
    contactPhone: org.contactPhone,
    enabled: org.enabled,
    platformOperator: org.platformOperator,
    createdAt: org.createdAt.toISOString(),
  };
}

export async function findCompanies(
  ctx: AppContext,
  query: z.output<typeof companyQuery>,
): Promise<CompanyPage> {
  const { total, items } = await searchOrgs(ctx.db, query);
  return { total, items: items.map(presentOrg) };
}

export const listCompaniesOfType = (ctx: AppContext, orgType: OrgType) =>
  listEnabledOrgsOfType(ctx.db, orgType);

export async function findOrgAdmins(ctx: AppContext, orgIds: string[]): Promise<OrgAdminsEntry[]> {
  const rows = await listOrgAdmins(ctx.db, orgIds);
  const byOrg = new Map<string, OrgAdminsEntry>();
  for (const row of rows) {
    const entry = byOrg.get(row.orgId) ?? {
      orgId: row.orgId,
      orgName: row.orgName,
      orgType: row.orgType,
      admins: [],
    };
    if (row.memberId && row.name) entry.admins.push({ id: row.memberId, name: row.name, phone: row.phone });
    byOrg.set(row.orgId, entry);
  }
  return [...byOrg.values()];
}

/**
 * The system admin creates an organisation of any type (CONTROL and JOINTTRIAL exist only this
 * way) together with its first admin, who holds the type's ordinary profiles and must choose a
 * new password at the first sign-in. Platform-staff profiles are never given here, not even on the
 * platform operator: the system admin grants them to named people in its back office.
 */
export async function createOrganisation(
  ctx: AppContext,
  input: {
    request: z.output<typeof adminCreateOrgRequest>;
    acceptLanguage?: string | undefined;
    audit: AuditActor;
  },
) {
  const { request } = input;
  if (await findOrgByCreditCode(ctx.db, request.creditCode))
    throw new AppError('CREDIT_CODE_TAKEN', {}, { field: 'creditCode' });
  if (await findAccountByUsername(ctx.db, request.admin.username))
    throw new AppError('USERNAME_TAKEN', {}, { field: 'admin.username' });
  if (request.platformOperator && request.orgType !== 'CONTROL')
    throw new AppError('PLATFORM_OPERATOR_NOT_CONTROL', {}, { field: 'platformOperator' });
  if (request.platformOperator && (await findPlatformOperator(ctx.db)))
    throw new AppError('PLATFORM_OPERATOR_EXISTS', {}, { field: 'platformOperator' });
  assertPasswordPolicy({
    policy: ctx.config.passwordPolicy,
    password: request.admin.password,
    username: request.admin.username,
    acceptLanguage: input.acceptLanguage,
    field: 'admin.password',
  });
  const passwordHash = await hashPassword(request.admin.password);
  return inTransaction(ctx.db, async (tx) => {
    const { admin, ...orgFields } = request;
    const org = await insertOrg(tx, orgFields);
    const account = await insertAccount(tx, {
      username: admin.username,
      name: admin.name,
      phone: admin.phone,
      passwordHash,
      passwordMustChange: true,
    });
    const member = await insertMember(tx, { accountId: account.id, orgId: org.id, admin: true });
    await replaceMemberProfiles(tx, member.id, PROFILES_BY_ORG_TYPE[org.orgType]);
    await recordAudit(tx, ctx.clock(), {
      action: 'ORG_CREATED',
      actor: input.audit,
      orgId: org.id,
      target: { type: 'org', id: org.id },
      detail: {
        name: org.name,
        orgType: org.orgType,
        creditCode: org.creditCode,
        admin: admin.username,
        platformOperator: org.platformOperator,
      },
    });
    return presentOrg(org);
  });
}

/** Disabling an organisation stops its members from acting for it at once; its data stays. */
export async function changeOrgEnabled(
  ctx: AppContext,
  input: { orgId: string; enabled: boolean; audit: AuditActor },
) {
  await inTransaction(ctx.db, async (tx) => {
    if (!(await setOrgEnabled(tx, input.orgId, input.enabled))) throw new AppError('NOT_FOUND');
    await recordAudit(tx, ctx.clock(), {
      action: input.enabled ? 'ORG_ENABLED' : 'ORG_DISABLED',
      actor: input.audit,
      orgId: input.orgId,
      target: { type: 'org', id: input.orgId },
    });
  });
}

export async function getOrgDetail(ctx: AppContext, id: string): Promise<OrgDetail> {
  const org = await findOrgById(ctx.db, id);
  if (!org) throw new AppError('NOT_FOUND');
  return {
    ...presentOrg(org),
    legalRepresentative: org.legalRepresentative,
    qualificationNo: org.qualificationNo,
    qualificationGrade: org.qualificationGrade,
    memberCount: await countOrgMembers(ctx.db, org.id),
  };
}

/**
 * Information-service staff add an enterprise to the directory: its public details only, no
 * account. It can be found and chosen like any organisation; nobody signs in for it until an
 * administrator is given to it.
 */
export async function addDirectoryEntry(
  ctx: AppContext,
  input: { request: z.output<typeof orgDetailsRequest>; audit: AuditActor },
) {
  if (await findOrgByCreditCode(ctx.db, input.request.creditCode))
    throw new AppError('CREDIT_CODE_TAKEN', {}, { field: 'creditCode' });
  return inTransaction(ctx.db, async (tx) => {
    const org = await insertOrg(tx, input.request);
    await recordAudit(tx, ctx.clock(), {
      action: 'ORG_CREATED',
      actor: input.audit,
      orgId: org.id,
      target: { type: 'org', id: org.id },
      detail: { name: org.name, orgType: org.orgType, creditCode: org.creditCode, directoryEntry: true },
    });
    return presentOrg(org);
  });
}

/** Changes the public details of an organisation; the audit record keeps what was there before. */
export async function changeOrgDetails(
  ctx: AppContext,
  input: { id: string; request: z.output<typeof orgDetailsRequest>; audit: AuditActor },
) {
  const before = await findOrgById(ctx.db, input.id);
  if (!before) throw new AppError('NOT_FOUND');
  const { orgType, ...fields } = input.request;
  // The type decides who may work for the organisation and with which profiles: it is not edited here.
  if (orgType !== before.orgType)
    throw new AppError('VALIDATION_FAILED', { reason: 'orgType cannot change' }, { field: 'orgType' });
  if (fields.creditCode !== before.creditCode) {
    const holder = await findOrgByCreditCode(ctx.db, fields.creditCode);
    if (holder && holder.id !== before.id)
      throw new AppError('CREDIT_CODE_TAKEN', {}, { field: 'creditCode' });
  }
  return inTransaction(ctx.db, async (tx) => {
    const updated = await updateOrgDetails(tx, input.id, {
      ...fields,
      qualificationNo: fields.qualificationNo ?? null,
      qualificationGrade: fields.qualificationGrade ?? null,
    });
    const changed = Object.fromEntries(
      Object.keys(fields)
        .filter(
          (key) =>
            (before as Record<string, unknown>)[key] !==
            (updated as Record<string, unknown> | undefined)?.[key],
        )
        .map((key) => [
          key,
          {
            before: (before as Record<string, unknown>)[key],
            after: (updated as Record<string, unknown> | undefined)?.[key],
          },
        ]),
    );
    await recordAudit(tx, ctx.clock(), {
      action: 'ORG_UPDATED',
      actor: input.audit,
      orgId: input.id,
      target: { type: 'org', id: input.id },
      detail: changed,
    });
    return presentOrg(updated!);
  });
}
