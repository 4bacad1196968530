import { AREAS, type AreaKey, type Principal, type PrincipalMember } from './areas.js';

/**
 * How the server decides who may call one API route.
 * - public: anyone, signed in or not.
 * - signedIn: any valid token.
 * - area: the acting member (the route's `orgId` parameter, else the `X-Org-Id` header, else any
 *   qualifying membership) must qualify for the area; acting for an organisation the caller does
 *   not belong to answers 404 like a missing record, a known one without the profile 403.
 * - orgAdmin: an admin member of the route's `orgId` organisation, or the system admin.
 * - systemAdmin: the account's system-admin flag.
 */
export type AccessRule =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'area'; areas: readonly AreaKey[] }
  | { kind: 'orgAdmin' }
  | { kind: 'systemAdmin' };

export const PUBLIC: AccessRule = { kind: 'public' };
export const SIGNED_IN: AccessRule = { kind: 'signedIn' };
export const SYSTEM_ADMIN: AccessRule = { kind: 'systemAdmin' };
export const inArea = (...areas: AreaKey[]): AccessRule => ({ kind: 'area', areas });
export const ORG_ADMIN: AccessRule = { kind: 'orgAdmin' };

/**
 * The one table of who may call what: "METHOD /url-pattern" as Fastify registers it. The server
 * refuses to start when a registered route is missing here, so no route goes unguarded.
 */
export const API_ACCESS: Record<string, AccessRule> = {
  'GET /api/health': PUBLIC,
  // The OpenAPI document and its UI, with their static assets.
  'GET /api/docs*': PUBLIC,
  'GET /api/platform/config': PUBLIC,
  'GET /api/platform/manual': PUBLIC,
  'POST /uaa/login': PUBLIC,
  'POST /uaa/oauth/authorize': PUBLIC,
  'POST /uaa/oauth/token': PUBLIC,
  'GET /uaa/logout': PUBLIC,
  'GET /api/logout': PUBLIC,
  'GET /api/admin/account': SIGNED_IN,
  'POST /api/admin/account/password': SIGNED_IN,
  'GET /api/admin/permission/isBusinessAdmin': SIGNED_IN,
  'GET /api/admin/audit-events': SYSTEM_ADMIN,
  // Organisations: directory look-ups serve every signed-in user (choosing project parties);
  // creating and disabling organisations is the system admin's.
  'POST /api/admin/company/pasau/getAllCompany': SIGNED_IN,
  'GET /api/admin/company/getCompanyByOrgType/:type': SIGNED_IN,
  'GET /api/admin/member/getOrgAdmins/:ids': SIGNED_IN,
  'GET /api/admin/member/getOrgAdmin/:id': SIGNED_IN,
  'POST /api/admin/orgs': SYSTEM_ADMIN,
  'PUT /api/admin/orgs/:orgId/enabled': SYSTEM_ADMIN,
  // Registration: anyone may apply; a rejected applicant reads and corrects the application with
  // the short-lived token the sign-in answer handed over. The system admin decides.
  'POST /api/register/licence': PUBLIC,
  'POST /api/register/applications': PUBLIC,
  'GET /api/register/applications/:id': PUBLIC,
  'PUT /api/register/applications/:id': PUBLIC,
  'GET /table/list': SYSTEM_ADMIN,
  'GET /api/admin/org-applications/:id': SYSTEM_ADMIN,
  'GET /api/admin/org-applications/:id/licence': SYSTEM_ADMIN,
  'POST /api/admin/org-applications/:id/approve': SYSTEM_ADMIN,
  'POST /api/admin/org-applications/:id/reject': SYSTEM_ADMIN,
  // The enterprise directory, kept by information-service staff (and the system admin).
  'GET /api/info/orgs/:id': inArea('info'),
  'POST /api/info/orgs': inArea('info'),
  'PUT /api/info/orgs/:id': inArea('info'),
  'GET /api/admin/orgs/:orgId/members': ORG_ADMIN,
  'POST /api/admin/orgs/:orgId/members': ORG_ADMIN,
  'PUT /api/admin/orgs/:orgId/members/:memberId': ORG_ADMIN,
  'POST /api/admin/orgs/:orgId/members/:memberId/password-reset': ORG_ADMIN,
  'POST /api/admin/orgs/:orgId/members/:memberId/unlock': ORG_ADMIN,
};

/**
 * The rule for one registered route; a key ending in `*` covers its path and every URL under it,
 * at a path boundary (`GET /api/docs*` covers /api/docs/json, never /api/documents).
 */
export function accessRuleFor(method: string, url: string): AccessRule | undefined {
  const key = `${method.toUpperCase()} ${url}`;
  const exact = API_ACCESS[key];
  if (exact) return exact;
  const prefix = Object.keys(API_ACCESS).find((k) => {
    if (!k.endsWith('*')) return false;
    const base = k.slice(0, -1).replace(/\/$/, '');
    return key === base || key.startsWith(`${base}/`);
  });
  return prefix ? API_ACCESS[prefix] : undefined;
}

export type AccessDecision =
  | { allow: true; member: PrincipalMember | null }
  | { allow: false; deny: 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' };

/**
 * The server's verdict for one call. `orgId` is the organisation the caller says it acts for.
 * Someone else's organisation answers NOT_FOUND, like a record that does not exist, so ids
 * cannot be probed; one's own organisation without the needed profile answers FORBIDDEN.
 */
export function decideAccess(
  rule: AccessRule,
  principal: Principal | null,
  orgId?: string | null,
): AccessDecision {
  if (rule.kind === 'public') return { allow: true, member: null };
  if (!principal) return { allow: false, deny: 'UNAUTHORIZED' };
  if (rule.kind === 'signedIn') return { allow: true, member: null };
  if (rule.kind === 'systemAdmin')
    return principal.systemAdmin ? { allow: true, member: null } : { allow: false, deny: 'FORBIDDEN' };
  if (rule.kind === 'orgAdmin') {
    const member = principal.members.find((m) => m.orgId === orgId) ?? null;
    if (member?.admin) return { allow: true, member };
    if (principal.systemAdmin) return { allow: true, member };
    return { allow: false, deny: member ? 'FORBIDDEN' : 'NOT_FOUND' };
  }
  // Platform staff areas (admin, info) admit the system admin by account, not by membership.
  if (rule.areas.some((a) => AREAS[a].accountQualifies?.(principal))) return { allow: true, member: null };
  const qualifies = (m: PrincipalMember) => rule.areas.some((a) => AREAS[a].memberQualifies(m));
  if (orgId) {
    const member = principal.members.find((m) => m.orgId === orgId);
    if (!member) return { allow: false, deny: 'NOT_FOUND' };
    return qualifies(member) ? { allow: true, member } : { allow: false, deny: 'FORBIDDEN' };
  }
  const member = principal.members.find(qualifies);
  return member ? { allow: true, member } : { allow: false, deny: 'FORBIDDEN' };
}
