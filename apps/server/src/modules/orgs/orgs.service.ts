import {
  PROFILES_BY_ORG_TYPE,
  checkPassword,
  localeFrom,
  regionLabel,
  type CompanyPage,
  type OrgAdminsEntry,
  type OrgType,
  type companyQuery,
  type createOrgRequest,
} from '@drp/domain';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { AppContext } from '../../lib/app-context.js';
import { hashPassword } from '../../lib/passwords.js';
import { findAccountByUsername } from '../accounts/accounts.repository.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { insertAccount, insertMember, replaceMemberProfiles } from '../members/members.repository.js';
import {
  findOrgByCreditCode,
  insertOrg,
  listEnabledOrgsOfType,
  listOrgAdmins,
  searchOrgs,
  setOrgEnabled,
  type OrgRow,
} from './orgs.repository.js';

type Tx = AppContext['db'];

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
 * way) together with its first admin, who holds every profile the type allows and must choose a
 * new password at the first sign-in.
 */
export async function createOrganisation(
  ctx: AppContext,
  input: {
    request: z.output<typeof createOrgRequest>;
    acceptLanguage?: string | undefined;
    audit: AuditActor;
  },
) {
  const { request } = input;
  if (await findOrgByCreditCode(ctx.db, request.creditCode))
    throw new AppError('CREDIT_CODE_TAKEN', {}, { field: 'creditCode' });
  if (await findAccountByUsername(ctx.db, request.admin.username))
    throw new AppError('USERNAME_TAKEN', {}, { field: 'admin.username' });
  const locale = localeFrom(input.acceptLanguage);
  const reasons = checkPassword(
    ctx.config.passwordPolicy,
    request.admin.password,
    locale,
    request.admin.username,
  );
  if (reasons.length > 0)
    throw new AppError(
      'PASSWORD_POLICY',
      { reason: reasons.join(locale === 'zh-CN' ? '；' : '; ') },
      { field: 'admin.password', reasons },
    );
  const passwordHash = await hashPassword(request.admin.password);
  return ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Tx;
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
      detail: { name: org.name, orgType: org.orgType, creditCode: org.creditCode, admin: admin.username },
    });
    return presentOrg(org);
  });
}

/** Disabling an organisation stops its members from acting for it at once; its data stays. */
export async function changeOrgEnabled(
  ctx: AppContext,
  input: { orgId: string; enabled: boolean; audit: AuditActor },
) {
  await ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Tx;
    if (!(await setOrgEnabled(tx, input.orgId, input.enabled))) throw new AppError('NOT_FOUND');
    await recordAudit(tx, ctx.clock(), {
      action: input.enabled ? 'ORG_ENABLED' : 'ORG_DISABLED',
      actor: input.audit,
      orgId: input.orgId,
      target: { type: 'org', id: input.orgId },
    });
  });
}
