import type { Profile } from '@drp/domain';

/**
 * The authorization matrix: for every API route (keyed exactly as in API_ACCESS), how to call it
 * and the HTTP status each kind of principal gets. authorization-matrix.test.ts walks it against
 * a running app and fails when a registered route has no row here, so a new route is added
 * together with its row.
 *
 * Reading a row:
 * - The access check runs in onRequest, before validation. A mutating route is called with a
 *   body that fails validation, so a caller who passes the check gets 400 and nothing changes;
 *   where the call names a malformed id in its path, a caller who passes gets 404, as for a
 *   missing record (issue 17: never "Invalid UUID"); anyone refused gets 401 (anonymous),
 *   403 (no right) or 404 (someone else's organisation).
 * - Org-scoped routes are walked against one fixed organisation, the demo design org
 *   (湖南省建筑设计院集团股份有限公司), so its admin, its plain member, another org's people and the
 *   system admin all show their answers.
 */

/** Every kind of caller the matrix answers for. */
export const PRINCIPAL_KINDS = [
  'anonymous',
  'constructAdmin',
  'constructMember',
  'designAdmin',
  'designMember',
  'surveyAdmin',
  'surveyMember',
  'censorAdmin',
  'censorMember',
  'controlAdmin',
  'controlMember',
  'jointAdmin',
  'jointMember',
  'systemAdmin',
  'infoStaff',
  'otherDesignAdmin',
  'otherDesignMember',
] as const;
export type PrincipalKind = (typeof PRINCIPAL_KINDS)[number];

/** The demo organisations the matrix can point at, by their key in DEMO_ORGS (db/seed/demo-seed.ts). */
export const DEMO_ORG_KEYS = [
  'construct',
  'construct2',
  'design',
  'design2',
  'survey',
  'censor',
  'censor2',
  'control',
  'operator',
  'joint',
] as const;
export type DemoOrgKey = (typeof DEMO_ORG_KEYS)[number];

/** A person the walk's setup adds through the real API: the org's admin adds a new account. */
export interface NewPerson {
  username: string;
  name: string;
  phone: string;
  /** The demo admin who adds the person to `org`. */
  addedBy: string;
  profiles: Profile[];
}

export interface AccountSpec {
  kind: 'account';
  username: string;
  /** The one organisation the account belongs to (null: none), and whether it administers it. */
  org: DemoOrgKey | null;
  admin: boolean;
  systemAdmin?: boolean;
  /** Absent: a demo account (password DEMO_PASSWORD). Present: added in the walk's setup. */
  create?: NewPerson;
}
export type PrincipalSpec = { kind: 'anonymous' } | AccountSpec;

const demo = (username: string, org: DemoOrgKey | null, admin: boolean): AccountSpec => ({
  kind: 'account',
  username,
  org,
  admin,
});
const added = (org: DemoOrgKey, addedBy: string, username: string, phone: string, profiles: Profile[]) =>
  ({
    kind: 'account',
    username,
    org,
    admin: false,
    create: { username, name: '矩阵测试', phone, addedBy, profiles },
  }) satisfies PrincipalSpec;

/** Who each kind of principal is. Demo accounts where the seed has one; plain members otherwise added. */
export const PRINCIPALS: Record<PrincipalKind, PrincipalSpec> = {
  anonymous: { kind: 'anonymous' },
  constructAdmin: demo('construct_admin', 'construct', true),
  constructMember: added('construct', 'construct_admin', 'mx_construct_user', '13900000011', [
    'PROJECT_APPLICATION',
  ]),
  designAdmin: demo('design_admin', 'design', true),
  designMember: demo('design_user', 'design', false),
  surveyAdmin: demo('survey_admin', 'survey', true),
  surveyMember: added('survey', 'survey_admin', 'mx_survey_user', '13900000031', ['DATA_UPLOAD']),
  censorAdmin: demo('censor_admin', 'censor', true),
  censorMember: demo('censor_reviewer', 'censor', false),
  controlAdmin: demo('control_admin', 'control', true),
  controlMember: added('control', 'control_admin', 'mx_control_user', '13900000051', ['ONLINE_SUPERVISION']),
  jointAdmin: demo('joint_admin', 'joint', true),
  jointMember: added('joint', 'joint_admin', 'mx_joint_user', '13900000061', ['ONLINE_CENSOR']),
  systemAdmin: { ...demo('sysadmin', null, false), systemAdmin: true },
  // A plain member of the provincial department (a CONTROL org) with the INFORMATION_SERVICE profile.
  infoStaff: demo('info_staff', 'operator', false),
  otherDesignAdmin: demo('design2_admin', 'design2', true),
  otherDesignMember: added('design2', 'design2_admin', 'mx_design2_user', '13900000023', ['DATA_UPLOAD']),
};

/**
 * Records the walk points at but never signs in as, added in setup. `designTarget` is a plain
 * member of the design org whose password the member rows may reset and whose lock they may lift:
 * nobody in the matrix is that person, so those answers disturb no later row.
 */
export const TARGET_MEMBERS = {
  designTarget: added('design', 'design_admin', 'mx_design_target', '13900000029', ['DATA_UPLOAD']),
} satisfies Record<string, PrincipalSpec>;
export type TargetMember = keyof typeof TARGET_MEMBERS;

/** A value resolved when the row is walked. */
export type Ref =
  { ref: 'org'; org: DemoOrgKey } | { ref: 'ownOrg' } | { ref: 'member'; member: TargetMember };

/** The id of a demo organisation. */
export const org = (key: DemoOrgKey): Ref => ({ ref: 'org', org: key });
/**
 * The organisation of the principal under test; for principals without one (anonymous, the
 * system admin) the demo design org.
 */
export const ownOrg = (): Ref => ({ ref: 'ownOrg' });
/** The member id of one of TARGET_MEMBERS. */
export const member = (key: TargetMember): Ref => ({ ref: 'member', member: key });

/** A path parameter, query value or header: literal, resolved, or several resolved joined by commas. */
export type Value = string | Ref | Ref[];

export interface Call {
  /** Every `:name` of the route's URL. */
  params?: Record<string, Value>;
  query?: Record<string, Value>;
  headers?: Record<string, Value>;
  /** Sent as JSON. */
  body?: unknown;
}

export type Expected = Record<PrincipalKind, number>;

export interface MatrixRow {
  call: Call;
  expected: Expected;
  /**
   * The call revokes the caller's bearer token when it is allowed: the walk signs the principal
   * in again afterwards, so later rows see a live token.
   */
  revokesToken?: boolean;
  /** Why this call, where the choice is not obvious (side effects, targets). */
  note?: string;
}

type StatusSpec = Partial<Expected> & { default: number };

/**
 * The status each principal kind gets: name the exceptions and give a `default` for the rest,
 * or name every kind.
 */
export function statuses(spec: Expected | StatusSpec): Expected {
  const fallback = 'default' in spec ? spec.default : undefined;
  const out = {} as Expected;
  for (const kind of PRINCIPAL_KINDS) {
    const status = spec[kind] ?? fallback;
    if (status === undefined) throw new Error(`statuses(): no status for ${kind} and no default`);
    out[kind] = status;
  }
  return out;
}

/** Any valid token gets `allowed`; anonymous 401. */
const signedIn = (allowed: number) => statuses({ anonymous: 401, default: allowed });
/** The system admin gets `allowed`; every other signed-in caller 403, anonymous 401. */
const systemAdminOnly = (allowed: number) => statuses({ anonymous: 401, systemAdmin: allowed, default: 403 });
/**
 * An ORG_ADMIN route walked against the demo design org: its admin and the system admin get
 * `allowed`, its plain member 403, everyone from another organisation (the other design org,
 * other types, the information staff) 404 as if it did not exist, anonymous 401.
 */
const designOrgAdmin = (allowed: number) =>
  statuses({ anonymous: 401, designAdmin: allowed, systemAdmin: allowed, designMember: 403, default: 404 });
const everyone = (status: number) => statuses({ default: status });

const designOrg = { orgId: org('design') };
/** Platform-staff area: the information staff and the system admin. */
const infoArea = (allowed: number) =>
  statuses({ anonymous: 401, infoStaff: allowed, systemAdmin: allowed, default: 403 });
const designTarget = { orgId: org('design'), memberId: member('designTarget') };
/**
 * The apply area (construction units with PROJECT_APPLICATION): both construction principals get
 * `allowed`; everyone else 403, as no membership of theirs qualifies; anonymous 401.
 */
const applyArea = (allowed: number) =>
  statuses({ anonymous: 401, constructAdmin: allowed, constructMember: allowed, default: 403 });
/**
 * A project master route walked against the demo construction unit (长沙市城市建设投资开发集团有限公司)
 * in the path: its two people get `allowed`, everyone from another organisation 404, anonymous 401.
 */
const constructOrgPath = (allowed: number) =>
  statuses({ anonymous: 401, constructAdmin: allowed, constructMember: allowed, default: 404 });
/**
 * The parties' areas (apply, submit, audit): construction, design, survey and review people get
 * `allowed`, the supervising, joint-review and information staff and the system admin (no
 * organisation) 403, anonymous 401.
 */
const partyAreas = (allowed: number) =>
  statuses({
    anonymous: 401,
    controlAdmin: 403,
    controlMember: 403,
    jointAdmin: 403,
    jointMember: 403,
    infoStaff: 403,
    systemAdmin: 403,
    default: allowed,
  });
const constructOrg = { orgId: org('construct') };
/** A registration application id that exists nowhere. */
const NO_SUCH_APPLICATION = '00000000-0000-4000-8000-0000000000a1';

const NO_SUCH_PROJECT = '00000000-0000-4000-8000-0000000000b1';
/** A member invitation id that exists nowhere. */
const NO_SUCH_INVITATION = '00000000-0000-4000-8000-0000000000e1';
/** A portal article or file id that exists nowhere. */
const NO_SUCH_ARTICLE = '00000000-0000-4000-8000-0000000000d1';
/** A portal credit entry, forum topic or reply id that exists nowhere. */
const NO_SUCH_PORTAL_ITEM = '00000000-0000-4000-8000-0000000000c7';
const ownMalformedProject = { orgId: ownOrg(), projectId: 'not-a-project-id' };
const ownProject = { orgId: ownOrg(), projectId: NO_SUCH_PROJECT };
/**
 * Acting for the own org: the named kinds pass the area check (`allowed`); other members 403; the
 * information staff 403; the system admin (no org, names the design org) 404; anonymous 401.
 */
const ownOrgAreas = (allowed: number, ...kinds: readonly PrincipalKind[]) =>
  statuses({
    anonymous: 401,
    systemAdmin: 404,
    default: 403,
    ...Object.fromEntries(kinds.map((k) => [k, allowed])),
  });
const UNITS = [
  'designAdmin',
  'designMember',
  'surveyAdmin',
  'surveyMember',
  'otherDesignAdmin',
  'otherDesignMember',
] as const;
const EDITORS = ['constructAdmin', 'constructMember', ...UNITS] as const;
const READERS = [
  ...EDITORS,
  'censorAdmin',
  'censorMember',
  'controlAdmin',
  'controlMember',
  'jointAdmin',
  'jointMember',
] as const;
const readers = (a: number) => ownOrgAreas(a, ...READERS);
const editors = (a: number) => ownOrgAreas(a, ...EDITORS);
const units = (a: number) => ownOrgAreas(a, ...UNITS);
const agency = (a: number) => ownOrgAreas(a, 'censorAdmin', 'censorMember');
const B = '/api/checkDrawings/:orgId/:projectId/building';

export const AUTHORIZATION_MATRIX: Record<string, MatrixRow> = {
  // Platform
  'GET /api/health': { call: {}, expected: everyone(200) },
  'GET /api/platform/config': { call: {}, expected: everyone(200) },
  'GET /api/platform/manual': { call: {}, expected: everyone(200) },

  // Sign-in and sign-out
  'POST /uaa/login': {
    call: { body: {} },
    expected: everyone(400),
    note: 'No credentials: fails validation, so no wrong-password count and no lockout.',
  },
  'POST /uaa/oauth/authorize': {
    call: { body: {} },
    expected: everyone(400),
    note: 'Fails validation; no sign-in cookie is sent either.',
  },
  'POST /uaa/oauth/token': { call: { body: {} }, expected: everyone(400), note: 'Fails validation.' },
  'POST /uaa/handover': {
    call: {},
    expected: signedIn(200),
    note: 'Issues a two-minute hand-over code of the caller’s account; nothing else changes.',
  },
  'POST /uaa/handover/token': {
    call: { body: {} },
    expected: everyone(400),
    note: 'Fails validation; no code is spent.',
  },
  'POST /uaa/forgot-password': {
    call: { body: {} },
    expected: everyone(400),
    note: 'No username: fails validation, and no admin is asked.',
  },
  'GET /uaa/captcha': {
    call: {},
    expected: everyone(200),
    note: 'Public: whether sign-in from the caller’s address needs a captcha (the walk’s address has no failures).',
  },
  'GET /uaa/logout': {
    call: {},
    expected: everyone(200),
    revokesToken: true,
    note: "Public: it revokes whatever token it is given. The caller's token dies; the walk signs it in again.",
  },
  'GET /api/logout': {
    call: {},
    expected: everyone(200),
    revokesToken: true,
    note: "Public, as /uaa/logout: the caller's token dies; the walk signs it in again.",
  },

  // The own account
  'GET /api/admin/account': { call: {}, expected: signedIn(200) },
  'POST /api/admin/account/password': {
    call: { body: {} },
    expected: signedIn(400),
    note: 'No passwords: fails validation, so no password changes and no session ends.',
  },
  'GET /api/admin/permission/isBusinessAdmin': {
    call: { query: { orgId: ownOrg() } },
    expected: signedIn(200),
    note: 'Asked about the own organisation; the answer (true/false) is not the access decision.',
  },

  // Platform administration
  'GET /api/admin/audit-events': { call: {}, expected: systemAdminOnly(200) },

  // Organisation directory (look-ups for every signed-in user) and registration (system admin)
  'POST /api/admin/company/pasau/getAllCompany': { call: {}, expected: signedIn(200) },
  'GET /api/admin/company/getCompanyByOrgType/:type': {
    call: { params: { type: 'DESIGN' } },
    expected: signedIn(200),
  },
  'GET /api/admin/member/getOrgAdmins/:ids': {
    call: { params: { ids: [org('design'), org('design2')] } },
    expected: signedIn(200),
  },
  'GET /api/admin/member/getOrgAdmin/:id': {
    call: { params: { id: org('design') } },
    expected: signedIn(200),
  },
  'POST /api/admin/orgs': {
    call: { body: {} },
    expected: systemAdminOnly(400),
    note: 'Empty registration: fails validation, so no organisation is created.',
  },
  'PUT /api/admin/orgs/:orgId/enabled': {
    call: { params: designOrg, body: {} },
    expected: systemAdminOnly(400),
    note:
      'A system-admin rule ignores the org in the path: the design org’s own admin gets 403 like ' +
      'everyone else. No `enabled` in the body: fails validation, the org stays enabled.',
  },

  // Self-registration (public) and its review (system admin)
  'POST /api/register/licence': {
    call: { body: {} },
    expected: everyone(415),
    note: 'A JSON body where a multipart upload is expected: refused as 415, nothing is stored.',
  },
  'POST /api/register/applications': {
    call: { body: {} },
    expected: everyone(400),
    note: 'Empty application: fails validation, nothing is submitted.',
  },
  'GET /api/register/applications/:id': {
    call: { params: { id: NO_SUCH_APPLICATION } },
    expected: everyone(404),
    note: 'Without an application token every application answers as if it did not exist.',
  },
  'PUT /api/register/applications/:id': {
    call: { params: { id: NO_SUCH_APPLICATION }, body: {} },
    expected: everyone(400),
    note: 'Empty correction: fails validation before the token is looked at.',
  },
  'GET /table/list': { call: {}, expected: systemAdminOnly(200) },
  'GET /api/admin/org-applications/:id': {
    call: { params: { id: NO_SUCH_APPLICATION } },
    expected: systemAdminOnly(404),
  },
  'GET /api/admin/org-applications/:id/licence': {
    call: { params: { id: NO_SUCH_APPLICATION } },
    expected: systemAdminOnly(404),
  },
  'POST /api/admin/org-applications/:id/approve': {
    call: { params: { id: NO_SUCH_APPLICATION } },
    expected: systemAdminOnly(404),
    note: 'A random id: the system admin gets 404, nothing is approved.',
  },
  'POST /api/admin/org-applications/:id/reject': {
    call: { params: { id: NO_SUCH_APPLICATION }, body: { reason: '矩阵测试' } },
    expected: systemAdminOnly(404),
    note: 'A random id with a valid reason: the system admin gets 404, nothing is rejected.',
  },

  // The enterprise directory (information service)
  'GET /api/info/orgs/:id': {
    call: { params: { id: org('design') } },
    expected: infoArea(200),
    note: 'The directory path names an entry, not the org the caller acts for: no 404 for outsiders.',
  },
  'POST /api/info/orgs': {
    call: { body: {} },
    expected: infoArea(400),
    note: 'Empty entry: fails validation, nothing is added.',
  },
  'PUT /api/info/orgs/:id': {
    call: { params: { id: org('design') }, body: {} },
    expected: infoArea(400),
    note: 'Empty details: fails validation, the entry is unchanged.',
  },

  // An organisation's people (org admins), against the demo design org
  'GET /api/admin/orgs/:orgId/members': { call: { params: designOrg }, expected: designOrgAdmin(200) },
  'POST /api/admin/orgs/:orgId/members': {
    call: { params: designOrg, body: { mode: 'nonsense' } },
    expected: designOrgAdmin(400),
    note: 'Unknown mode: fails validation, nobody is added.',
  },
  'PUT /api/admin/orgs/:orgId/members/:memberId': {
    call: { params: designTarget, body: { admin: 'yes' } },
    expected: designOrgAdmin(400),
    note: 'A non-boolean admin flag: fails validation, the target is unchanged.',
  },
  'POST /api/admin/orgs/:orgId/members/:memberId/password-reset': {
    call: { params: designTarget },
    expected: designOrgAdmin(200),
    note:
      'No body to invalidate: the allowed answer really resets the password of designTarget, ' +
      'a person added for the walk whom no principal signs in as.',
  },
  'POST /api/admin/orgs/:orgId/members/:memberId/unlock': {
    call: { params: designTarget },
    expected: designOrgAdmin(200),
    note: 'Unlocking designTarget, who is not locked, changes nothing.',
  },
  // Invitations of existing accounts: the org's admins send, list and cancel; the invited person
  // answers their own (grant-matrix.ts walks what each admin may offer)
  'POST /api/admin/orgs/:orgId/invitations': {
    call: { params: designOrg, body: {} },
    expected: designOrgAdmin(400),
    note: 'No username: fails validation, nobody is invited.',
  },
  'GET /api/admin/orgs/:orgId/invitations': { call: { params: designOrg }, expected: designOrgAdmin(200) },
  'POST /api/admin/orgs/:orgId/invitations/:invitationId/cancel': {
    call: { params: { orgId: org('design'), invitationId: NO_SUCH_INVITATION } },
    expected: designOrgAdmin(404),
    note: 'An invitation id that exists nowhere: the design org’s admins get 404 as for any missing record.',
  },
  'GET /api/admin/account/invitations': {
    call: {},
    expected: signedIn(200),
    note: 'Each caller gets only the invitations waiting for their own answer (here none).',
  },
  'POST /api/admin/account/invitations/:id/accept': {
    call: { params: { id: NO_SUCH_INVITATION } },
    expected: signedIn(404),
    note: 'Any signed-in caller may answer an invitation, but only their own: any other id is not found.',
  },
  'POST /api/admin/account/invitations/:id/decline': {
    call: { params: { id: NO_SUCH_INVITATION } },
    expected: signedIn(404),
    note: 'As accept: only the invited account finds its invitation.',
  },

  // To-do messages: every signed-in caller, each record filtered to the caller's organisations
  'GET /api/message/messages': {
    call: {},
    expected: signedIn(200),
    note: "Each caller gets its own organisations' messages; the system admin, in none, an empty page.",
  },
  'PUT /api/message/messageReceivers/:id/read': {
    call: { params: { id: 'not-a-receiver-id' } },
    expected: signedIn(404),
    note: 'A malformed id: 404 as a missing record, nothing is marked read.',
  },
  'PUT /api/message/messageReceivers/read': {
    call: { body: { orgIds: 'not-a-list' } },
    expected: signedIn(400),
    note: 'A malformed list of organisations: fails validation, nothing is marked read.',
  },
  'GET /api/message/events': {
    call: {},
    expected: signedIn(200),
    note:
      'The allowed answer is an endless event stream (200, text/event-stream): only its status is ' +
      'read. It says only that something arrived; the list call filters what a caller may read.',
  },

  // Project look-ups for the parties to an application (apply, submit and audit areas)
  'GET /api/checkDrawings/project/isSubmitted/:projectId': {
    call: { params: { projectId: 'not-a-project-id' }, headers: { 'x-org-id': ownOrg() } },
    expected: statuses({
      anonymous: 401,
      controlAdmin: 403,
      controlMember: 403,
      jointAdmin: 403,
      jointMember: 403,
      infoStaff: 403,
      systemAdmin: 404,
      default: 404,
    }),
    note:
      'Acting for the own organisation (X-Org-Id): construction, design, survey and review members ' +
      'pass and the malformed id fails validation; supervision, joint-review and information staff ' +
      'are refused 403. The system admin has no organisation and names the design org: 404.',
  },

  // Project masters (工程项目), against the demo construction unit in the path
  'POST /api/checkDrawings/:orgId/projectDic/add': {
    call: { params: constructOrg, body: {} },
    expected: constructOrgPath(400),
    note: 'Empty master: fails validation, nothing is registered. Outsiders naming the org get 404.',
  },
  'POST /api/checkDrawings/:orgId/projectDic/update': {
    call: { params: constructOrg, body: {} },
    expected: constructOrgPath(400),
    note: 'No id or fields: fails validation, no master changes.',
  },
  'DELETE /api/checkDrawings/:orgId/projectDic/delete/:id': {
    call: { params: { ...constructOrg, id: 'not-a-master-id' } },
    expected: constructOrgPath(404),
    note: 'A malformed master id: fails validation, nothing is deleted.',
  },
  'POST /api/checkDrawings/:orgId/projectDic/query': {
    call: { params: constructOrg, body: {} },
    expected: constructOrgPath(200),
    note: "A read: the construction unit's own masters.",
  },

  // Review applications: the construction unit writes (apply area, acting org from its membership)
  'GET /api/checkDrawings/codeGenerate/getProjectCode': {
    call: { query: { regionCode: '430104' } },
    expected: applyArea(200),
    note: 'A preview: it uses up no number.',
  },
  'POST /api/checkDrawings/project/add': {
    call: { body: {} },
    expected: applyArea(400),
    note: 'Empty form: fails validation, nothing is saved and no code is used up.',
  },
  'PUT /api/checkDrawings/project/update': {
    call: { body: {} },
    expected: applyArea(400),
    note: 'No id or form: fails validation, nothing changes.',
  },
  'DELETE /api/checkDrawings/project/delete/:id': {
    call: { params: { id: 'not-a-project-id' } },
    expected: applyArea(404),
    note: 'A malformed id: 404 as a missing record, nothing is deleted.',
  },
  'PUT /api/checkDrawings/project/:id/submit/:n': {
    call: { params: { id: 'not-a-project-id', n: '0' } },
    expected: applyArea(404),
    note: 'A malformed id: 404 as a missing record, nothing is submitted and nobody is told.',
  },
  'PUT /api/checkDrawings/project/revoke/:id': {
    call: { params: { id: 'not-a-project-id' } },
    expected: applyArea(404),
    note: 'A malformed id: 404 as a missing record, nothing is recalled.',
  },

  // Reading applications: the parties; the detail also supervision and joint review
  'GET /api/checkDrawings/project/detail/:id': {
    call: { params: { id: 'not-a-project-id' } },
    expected: statuses({ anonymous: 401, infoStaff: 403, systemAdmin: 403, default: 404 }),
    note:
      'Every organisation type with its working profile passes (the record check then decides who ' +
      'sees which application) and the malformed id fails validation; the information staff and the ' +
      'system admin, in no such organisation, get 403.',
  },
  'GET /api/checkDrawings/project/isFirstReport/:id': {
    call: { params: { id: 'not-a-project-id' } },
    expected: partyAreas(404),
    note: 'A malformed id: the parties pass and fail validation.',
  },
  'GET /api/checkDrawings/project/isAccept/:projectId': {
    call: { params: { projectId: 'not-a-project-id' } },
    expected: partyAreas(404),
    note: 'A malformed id: the parties pass and fail validation.',
  },
  'GET /api/checkDrawings/project/pagelist': {
    call: {},
    expected: partyAreas(200),
    note: 'Each party gets the applications its organisation sees (empty in the walk).',
  },
  'GET /api/checkDrawings/project/search': { call: {}, expected: partyAreas(200) },
  'GET /api/checkDrawings/project/baselist': { call: {}, expected: partyAreas(200) },
  'GET /api/checkDrawings/project/projectStatusCounts': {
    call: {},
    expected: statuses({ anonymous: 401, infoStaff: 403, systemAdmin: 403, default: 200 }),
    note: 'Every kind of organisation with a project list gets the counts of that list.',
  },
  'GET /api/checkDrawings/project/searchForSupervise': {
    call: {},
    expected: statuses({
      anonymous: 401,
      controlAdmin: 200,
      controlMember: 200,
      jointAdmin: 200,
      jointMember: 200,
      default: 403,
    }),
    note:
      'Supervision (ONLINE_SUPERVISION) and joint review (ONLINE_CENSOR) only; the information staff ' +
      'work in a CONTROL org without the supervision profile: 403.',
  },

  // Review dictionaries: every signed-in caller (each form needs them)
  'GET /api/checkDrawings/cdDictionary/:kind': {
    call: { params: { kind: 'stage' } },
    expected: signedIn(200),
  },
  // Clause library (issue 19): lookups for every signed-in caller, maintenance for the system admin
  'GET /api/checkDrawings/cdDictionary/mandatoryTerm': { call: {}, expected: signedIn(200) },
  'GET /api/checkDrawings/clauses/search': { call: {}, expected: signedIn(200) },
  'GET /api/checkDrawings/clauses/versions/:id': {
    call: { params: { id: NO_SUCH_APPLICATION } },
    expected: signedIn(404),
    note: 'A random version id: 404 for everyone signed in.',
  },
  'GET /api/admin/standards': { call: {}, expected: systemAdminOnly(200) },
  'POST /api/admin/standards': {
    call: { body: {} },
    expected: systemAdminOnly(400),
    note: 'Empty standard: fails validation, nothing is added.',
  },
  'PUT /api/admin/standards/:id': {
    call: { params: { id: NO_SUCH_APPLICATION }, body: {} },
    expected: systemAdminOnly(400),
    note: 'Empty change: fails validation, nothing changes.',
  },
  'GET /api/admin/standards/:id/clauses': {
    call: { params: { id: NO_SUCH_APPLICATION } },
    expected: systemAdminOnly(404),
  },
  'POST /api/admin/standards/:id/clauses/import': {
    call: { params: { id: NO_SUCH_APPLICATION }, body: {} },
    expected: systemAdminOnly(400),
    note: 'A JSON object where the CSV text is expected: fails validation, nothing is imported.',
  },
  // Buildings: acting for the caller's own organisation on a malformed or unknown project
  [`GET ${B}/getBuildings`]: {
    call: { params: ownMalformedProject },
    expected: readers(404),
    note: 'Acting for the own organisation on a malformed project id: every project area passes and fails validation.',
  },
  [`GET ${B}/queryBuildings`]: { call: { params: ownMalformedProject }, expected: readers(404) },
  [`GET ${B}/queryTaskBuildings`]: {
    call: { params: ownMalformedProject },
    expected: agency(404),
    note: 'The buildings review missions can be given for: the review agency only.',
  },
  [`GET ${B}/queryAssignedTaskBuildings`]: {
    call: { params: ownMalformedProject },
    expected: agency(404),
    note: "The buildings of the signed-in reviewer's own missions: the review agency only.",
  },
  [`GET ${B}/getBuildingDictionary`]: { call: { params: ownMalformedProject }, expected: readers(404) },
  [`GET ${B}/:buildingId`]: {
    call: { params: { ...ownProject, buildingId: 'not-a-building-id' } },
    expected: readers(404),
  },
  [`GET ${B}/getAll/:ids`]: {
    call: { params: { ...ownProject, ids: 'not-a-building-id' } },
    expected: readers(404),
  },
  [`PUT ${B}/confirm/:id`]: {
    call: { params: { ...ownProject, id: 'not-a-building-id' } },
    expected: agency(404),
    note: 'A malformed building id: nothing is confirmed. The service further needs the office admin or director (403 for the reviewer).',
  },
  [`POST ${B}/saveBuildingInfo`]: {
    call: { params: ownProject, body: {} },
    expected: editors(400),
    note: 'Empty form: fails validation, nothing is saved. Survey units pass the area check; the service refuses them 403.',
  },
  [`POST ${B}/saveBuildingSurveyInfo`]: {
    call: { params: ownProject, body: {} },
    expected: units(400),
    note: 'Empty findings: fails validation. Design units pass the area check; the service refuses them 403.',
  },
  [`PUT ${B}/submit/:ids`]: {
    call: { params: { ...ownProject, ids: 'not-a-building-id' } },
    expected: editors(404),
    note: 'Malformed ids: nothing is submitted.',
  },
  [`DELETE ${B}/deleteBuildingInfos/:ids`]: {
    call: { params: { ...ownProject, ids: 'not-a-building-id' } },
    expected: editors(404),
    note: 'Malformed ids: nothing is deleted.',
  },
  [`GET ${B}/getBuildingSurveyInfo/:id`]: {
    call: { params: { ...ownProject, id: 'not-a-building-id' } },
    expected: readers(404),
  },
  [`GET ${B}/getBuildingHazardSources/:id`]: {
    call: { params: { ...ownProject, id: 'not-a-building-id' } },
    expected: readers(404),
  },
  [`POST ${B}/saveBuildingHazardSources`]: {
    call: { params: ownProject, body: {} },
    expected: editors(400),
    note: 'Empty list: fails validation, nothing is saved.',
  },
  [`GET ${B}/getBuildingDesignInfo/:id`]: {
    call: { params: { ...ownProject, id: 'not-a-building-id' } },
    expected: readers(404),
  },
  [`POST ${B}/saveBuildingDesignInfos`]: {
    call: { params: ownProject, body: {} },
    expected: units(400),
    note: 'Empty rows: fails validation. Survey units pass the area check; the service refuses them 403.',
  },
  [`GET ${B}/getDesignUnit`]: { call: { params: ownMalformedProject }, expected: readers(404) },
  [`GET ${B}/getSurveyUnit`]: { call: { params: ownMalformedProject }, expected: readers(404) },
  [`PUT ${B}/reject/:ids`]: {
    call: { params: { ...ownProject, ids: 'not-a-building-id' }, body: { reason: 42 } },
    expected: agency(404),
    note: 'Malformed ids and a non-text reason: nothing is rejected, no message is sent.',
  },
  [`GET ${B}/allowReject/:id`]: {
    call: { params: { ...ownProject, id: 'not-a-building-id' } },
    expected: agency(404),
  },
  [`POST ${B}/copyBuildingInfo`]: {
    call: { params: ownProject },
    expected: editors(400),
    note: 'No buildingId and buildingName in the query: fails validation, nothing is copied.',
  },
  'DELETE /api/checkDrawings/:orgId/building/deleteBuildingHazardSources/:ids': {
    call: { params: { orgId: ownOrg(), ids: 'not-a-hazard-source-id' } },
    expected: editors(404),
    note: 'Malformed ids: nothing is deleted.',
  },
  'DELETE /api/checkDrawings/:orgId/building/deleteBuildingDesignInfos/:ids': {
    call: { params: { orgId: ownOrg(), ids: 'not-a-design-info-id' } },
    expected: units(404),
    note: 'Malformed ids: nothing is deleted.',
  },
  'POST /api/checkDrawings/:orgId/buildingFeedback/add': {
    call: { params: { orgId: ownOrg() }, body: {} },
    expected: agency(400),
    note: 'No building and no reason: fails validation, nothing is recorded.',
  },
  'GET /api/checkDrawings/:orgId/buildingFeedback/query/:id': {
    call: { params: { orgId: ownOrg(), id: 'not-a-building-id' } },
    expected: readers(404),
  },
  'GET /api/checkDrawings/project/getSurveyDesignUnits': {
    call: { query: { buildingIds: 'not-a-building-id' }, headers: { 'x-org-id': ownOrg() } },
    expected: readers(400),
    note: 'Acting for the own organisation (X-Org-Id) with a malformed id; the system admin names the design org: 404.',
  },

  // Survey info: acting for the caller's own organisation on a malformed project
  'GET /api/checkDrawings/:orgId/:projectId/surveyInfo/get': {
    call: { params: ownMalformedProject },
    expected: units(404),
    note: 'The submit area (design and survey units) passes and fails validation; the service answers 404 to all but the named survey units.',
  },
  'POST /api/checkDrawings/:orgId/:projectId/surveyInfo/save': {
    call: { params: ownMalformedProject, body: {} },
    expected: units(404),
    note: 'Empty form on a malformed project: fails validation, nothing is saved.',
  },
  'PUT /api/checkDrawings/:orgId/:projectId/surveyInfo/submit/:id': {
    call: { params: { ...ownMalformedProject, id: '-1' } },
    expected: units(404),
    note: 'A malformed project id: nothing is submitted.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/surveyInfo/getSurveyInfos': {
    call: { params: ownMalformedProject },
    expected: readers(404),
  },

  // Document repository: readers of the application read; the units change their own folders
  'GET /api/checkDrawings/:orgId/:projectId/docRepositoryVersion/listAll': {
    call: { params: ownMalformedProject },
    expected: readers(404),
  },
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/listTree': {
    call: { params: ownProject, query: { versionId: 'x', category: 'DESIGN' } },
    expected: readers(400),
    note: 'A malformed version id fails validation; nothing is generated.',
  },
  'POST /api/checkDrawings/:orgId/:projectId/docRepository/saveFolder': {
    call: { params: ownProject, body: {} },
    expected: units(400),
    note: 'An empty body: no folder is made.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/queryFile': {
    call: { params: ownProject, query: { versionId: 'x', folderId: 'y' } },
    expected: readers(400),
  },
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/getPersonInfo/:id': {
    call: { params: { ...ownProject, id: 'x' } },
    expected: readers(404),
  },
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/getOperationCode': {
    call: { params: ownProject, query: { versionId: 'x', folderId: 'y' } },
    expected: units(400),
    note: 'A malformed folder: no code is issued.',
  },
  'POST /api/checkDrawings/:orgId/:projectId/docRepository/saveFile': {
    call: { params: ownProject, body: {} },
    expected: units(400),
  },
  'GET /api/checkDrawings/:orgId/:projectId/docRepositoryOrg/commitDoc': {
    call: { params: ownProject, query: { versionId: 'x', category: 'DESIGN' } },
    expected: units(400),
    note: 'A malformed version: nothing is committed.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/docRepositoryOrg/confirmApplyDoc': {
    call: { params: ownProject, query: { versionId: 'x' } },
    expected: ownOrgAreas(400, 'constructAdmin', 'constructMember', 'censorAdmin', 'censorMember'),
    note: 'The construction unit sends, the agency accepts; a malformed version changes nothing.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/docRepositoryOrg/supplyDoc': {
    call: { params: ownProject, query: { versionId: 'x' } },
    expected: agency(400),
  },
  'GET /api/checkDrawings/:orgId/:projectId/docRepositoryOrg/getDocVersionState': {
    call: { params: ownProject, query: { versionId: 'x' } },
    expected: readers(400),
  },
  'POST /api/checkDrawings/:orgId/:projectId/docRepositoryFeedback/query': {
    call: { params: ownProject, body: {} },
    expected: readers(400),
  },
  'POST /api/files/upload': {
    call: { body: {} },
    expected: statuses({ default: 415 }),
    note: 'Anyone may call it: the operation code is the credential. Not multipart: refused, nothing stored.',
  },
  'OPTIONS /api/files/tus': {
    call: {},
    expected: statuses({ default: 204 }),
    note: 'The tus capabilities: public, they say nothing about anyone.',
  },
  'POST /api/files/tus': {
    call: { headers: { 'tus-resumable': '1.0.0' }, body: {} },
    expected: statuses({ default: 400 }),
    note: 'Anyone may call it: the operation code is the credential. No Upload-Length: refused, nothing claimed.',
  },
  'PATCH /api/files/tus/:id': {
    call: { params: { id: 'x' }, headers: { 'tus-resumable': '1.0.0' }, body: {} },
    expected: statuses({ default: 415 }),
    note: 'The token in the URL is the credential. Not application/offset+octet-stream: refused, nothing appended.',
  },
  'DELETE /api/files/tus/:id': {
    call: { params: { id: 'x' }, headers: { 'tus-resumable': '1.0.0' } },
    expected: statuses({ default: 404 }),
    note: 'The token in the URL is the credential: an unknown one is not found.',
  },
  'PUT /api/checkDrawings/:orgId/:projectId/docRepository/rename/:id': {
    call: { params: { ...ownProject, id: 'x' }, body: {} },
    expected: units(404),
  },
  'DELETE /api/checkDrawings/:orgId/:projectId/docRepository/delete/:id': {
    call: { params: { ...ownProject, id: 'x' } },
    expected: units(404),
    note: 'A malformed id: nothing is deleted.',
  },
  'DELETE /api/checkDrawings/:orgId/:projectId/docRepository/deleteAll/:ids': {
    call: { params: { ...ownProject, ids: 'x,y' } },
    expected: units(404),
  },
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/updown/:id/:targetId/:flag': {
    call: { params: { ...ownProject, id: 'x', targetId: 'y', flag: 'up' } },
    expected: units(404),
  },
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/reorder/:x': {
    call: { params: { ...ownProject, x: 'x' } },
    expected: units(404),
  },
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/getViewURL': {
    call: { params: ownProject, query: { fileId: 'x' } },
    expected: readers(400),
    note: 'A malformed file id: no link is signed.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/getViewToken': {
    call: { params: ownProject, query: { fileId: 'x' } },
    expected: readers(400),
    note: 'A malformed file id: no token is signed.',
  },
  'GET /api/files/view/:token': {
    call: { params: { token: 'not-a-view-token' } },
    expected: everyone(404),
    note: 'Public: the signed token is the credential. One that does not verify answers 404, as a missing file.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/sheet': {
    call: { params: ownProject, query: { fileId: 'x' } },
    expected: readers(400),
    note: 'A malformed file id: no sheet is read and no link signed.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/getSignalUrl': {
    call: { params: ownProject, query: { fileId: 'x' } },
    expected: readers(400),
    note: 'A malformed file id: no link is signed.',
  },
  'GET /api/files/sheets/:token/preview/:page': {
    call: { params: { token: 'not-a-view-token', page: '0' } },
    expected: everyone(404),
    note: 'Public: the signed token is the credential. One that does not verify answers 404, as a missing file.',
  },
  'GET /api/files/sheets/:token/tile/:page/:z/:x/:y': {
    call: { params: { token: 'not-a-view-token', page: '0', z: '0', x: '0', y: '0' } },
    expected: everyone(404),
    note: 'Public, as the preview.',
  },
  'GET /api/files/sheets/:token/tiles/:page/:z': {
    call: { params: { token: 'not-a-view-token', page: '0', z: '0' }, query: { at: '0-0' } },
    expected: everyone(404),
    note: 'Public, as the preview.',
  },
  'GET /api/files/sheets/:token/text/:page': {
    call: { params: { token: 'not-a-view-token', page: '0' } },
    expected: everyone(404),
    note: 'Public, as the preview.',
  },
  'GET /api/files/signal/:token': {
    call: { params: { token: 'not-a-view-token' } },
    expected: everyone(404),
    note: 'Public: the signed token is the credential; a bad one answers 404 before any stream opens.',
  },
  // Markups (issue 18): every party reads; the agency's people draw, on a project found later
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/markups': {
    call: { params: ownProject, query: { fileId: 'x' } },
    expected: readers(400),
    note: 'A malformed file id: nothing is read.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/markups/xfdf': {
    call: { params: ownProject, query: { fileId: 'x' } },
    expected: readers(400),
    note: 'A malformed file id: nothing is exported.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/markups/burned': {
    call: { params: ownProject, query: { fileId: 'x' } },
    expected: readers(400),
    note: 'A malformed file id: no copy is made.',
  },
  'POST /api/checkDrawings/:orgId/:projectId/docRepository/markups': {
    call: { params: ownProject, body: {} },
    expected: agency(400),
    note: 'An empty body: no markup is drawn.',
  },
  'PUT /api/checkDrawings/:orgId/:projectId/docRepository/markups/:id': {
    call: { params: { ...ownProject, id: 'x' }, body: {} },
    expected: agency(404),
    note: 'A malformed markup id: nothing is changed.',
  },
  'DELETE /api/checkDrawings/:orgId/:projectId/docRepository/markups/:id': {
    call: { params: { ...ownProject, id: 'x' } },
    expected: agency(404),
    note: 'A malformed markup id: nothing is deleted.',
  },
  'PUT /api/checkDrawings/:orgId/:projectId/docRepository/markups/:id/publish': {
    call: { params: { ...ownProject, id: 'x' } },
    expected: agency(404),
    note: 'A malformed markup id: nothing is published.',
  },
  'POST /api/checkDrawings/:orgId/:projectId/docRepository/markups/:id/replies': {
    call: { params: { ...ownProject, id: 'x' }, body: {} },
    expected: agency(404),
    note: 'A malformed markup id: no reply is stored.',
  },
  'POST /api/checkDrawings/:orgId/:projectId/docRepository/markups/xfdf': {
    call: { params: ownProject, query: { fileId: 'x' }, body: {} },
    expected: agency(400),
    note: 'A malformed file id and a JSON body where XFDF text belongs: nothing is imported.',
  },
  // Working-day calendar (issue 19): the system admin's; the review clock every party reads
  'GET /api/admin/calendar/years': { call: {}, expected: systemAdminOnly(200) },
  'GET /api/admin/calendar/years/:year': {
    call: { params: { year: '2025' } },
    expected: systemAdminOnly(200),
  },
  'PUT /api/admin/calendar/years/:year': {
    call: { params: { year: '2027' }, body: {} },
    expected: systemAdminOnly(400),
    note: 'No notice in the body: nothing is entered.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/reviewClock': {
    call: { params: ownProject },
    expected: readers(404),
    note: 'A project that does not exist.',
  },
  // Review missions (issue 19): the agency's members, on a project that does not exist; the
  // workbench lists are the acting agency's (the board is its directors' and admins')
  'GET /api/checkDrawings/missions/mine': {
    call: {},
    expected: statuses({ anonymous: 401, default: 403, censorAdmin: 200, censorMember: 200 }),
  },
  'GET /api/checkDrawings/missions/board': {
    call: {},
    expected: statuses({ anonymous: 401, default: 403, censorAdmin: 200 }),
    note: 'A normal reviewer has no board: 403.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/missions': {
    call: { params: ownProject },
    expected: agency(404),
    note: 'No such application: nothing is read.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/missions/proposal': {
    call: { params: ownProject },
    expected: agency(404),
    note: 'No such application: nothing is proposed.',
  },
  'PUT /api/checkDrawings/:orgId/:projectId/missions': {
    call: { params: ownProject, body: {} },
    expected: agency(400),
    note: 'An empty body: nothing is assigned.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/missions/:missionId': {
    call: { params: { ...ownProject, missionId: 'x' } },
    expected: agency(404),
    note: 'A malformed mission id: nothing is read.',
  },
  'POST /api/checkDrawings/:orgId/:projectId/missions/:missionId/submit': {
    call: { params: { ...ownProject, missionId: 'x' } },
    expected: agency(404),
    note: 'A malformed mission id: nothing changes.',
  },
  'POST /api/checkDrawings/:orgId/:projectId/missions/:missionId/accept': {
    call: { params: { ...ownProject, missionId: 'x' } },
    expected: agency(404),
    note: 'A malformed mission id: nothing changes.',
  },
  'POST /api/checkDrawings/:orgId/:projectId/missions/:missionId/return': {
    call: { params: { ...ownProject, missionId: 'x' }, body: {} },
    expected: agency(404),
    note: 'A malformed mission id: nothing changes.',
  },
  // Review opinions (issue 19): the agency's members, on a project that does not exist; the
  // phrase lists are the acting agency's and its members' own
  'GET /api/checkDrawings/:orgId/:projectId/opinions': {
    call: { params: ownProject, query: { kind: 'CONSTRUCTION' } },
    expected: agency(404),
    note: 'No such application: nothing is listed.',
  },
  'POST /api/checkDrawings/:orgId/:projectId/opinions': {
    call: { params: ownProject, body: {} },
    expected: agency(400),
    note: 'An empty body: nothing is recorded.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/opinions/:id': {
    call: { params: { ...ownProject, id: 'x' } },
    expected: agency(404),
    note: 'A malformed id: nothing is read.',
  },
  'PUT /api/checkDrawings/:orgId/:projectId/opinions/:id': {
    call: { params: { ...ownProject, id: 'x' }, body: {} },
    expected: agency(404),
    note: 'A malformed id: nothing changes.',
  },
  'DELETE /api/checkDrawings/:orgId/:projectId/opinions/:id': {
    call: { params: { ...ownProject, id: 'x' } },
    expected: agency(404),
    note: 'A malformed id: nothing is deleted.',
  },
  'POST /api/checkDrawings/:orgId/:projectId/opinions/:id/return': {
    call: { params: { ...ownProject, id: 'x' }, body: {} },
    expected: agency(404),
    note: 'A malformed id: nothing is returned.',
  },
  'GET /api/checkDrawings/:orgId/opinionPhrases': {
    call: { params: { orgId: ownOrg() } },
    expected: agency(200),
    note: "The caller's own phrases and the agency's.",
  },
  'POST /api/checkDrawings/:orgId/opinionPhrases': {
    call: { params: { orgId: ownOrg() }, body: {} },
    expected: agency(400),
    note: 'An empty body: nothing is added.',
  },
  'PUT /api/checkDrawings/:orgId/opinionPhrases/:id': {
    call: { params: { orgId: ownOrg(), id: 'x' }, body: {} },
    expected: agency(404),
    note: 'A malformed id: nothing changes.',
  },
  'DELETE /api/checkDrawings/:orgId/opinionPhrases/:id': {
    call: { params: { orgId: ownOrg(), id: 'x' } },
    expected: agency(404),
    note: 'A malformed id: nothing is deleted.',
  },
  // Bad actions (issue 19): the agency and the region's authority read, on a project that does not exist
  'GET /api/checkDrawings/:orgId/:projectId/badAction': {
    call: { params: ownProject },
    expected: ownOrgAreas(404, 'censorAdmin', 'censorMember', 'controlAdmin', 'controlMember'),
    note: 'No such application: nothing is listed.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/badAction/subjects': {
    call: { params: ownProject },
    expected: agency(404),
    note: 'No such application: no unit is listed.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/badAction/:id': {
    call: { params: { ...ownProject, id: 'x' } },
    expected: ownOrgAreas(404, 'censorAdmin', 'censorMember', 'controlAdmin', 'controlMember'),
    note: 'A malformed id: nothing is read.',
  },
  'POST /api/checkDrawings/:orgId/:projectId/badAction': {
    call: { params: ownProject, body: {} },
    expected: agency(400),
    note: 'An empty body: nothing is recorded.',
  },
  'POST /api/checkDrawings/:orgId/:projectId/badAction/:id/evidence': {
    call: { params: { ...ownProject, id: 'x' }, body: {} },
    expected: agency(404),
    note: 'A malformed id: nothing is stored.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/badAction/:id/evidence': {
    call: { params: { ...ownProject, id: 'x' } },
    expected: ownOrgAreas(404, 'censorAdmin', 'censorMember', 'controlAdmin', 'controlMember'),
    note: 'A malformed id: no file is sent.',
  },
  'PUT /api/checkDrawings/:orgId/:projectId/badAction/:id/withdraw': {
    call: { params: { ...ownProject, id: 'x' } },
    expected: agency(404),
    note: 'A malformed id: nothing is withdrawn.',
  },
  'PUT /api/checkDrawings/:orgId/:projectId/badAction/:id/confirm': {
    call: { params: { ...ownProject, id: 'x' } },
    expected: ownOrgAreas(404, 'controlAdmin', 'controlMember'),
    note: 'A malformed id: nothing is confirmed or published.',
  },
  'PUT /api/checkDrawings/:orgId/:projectId/badAction/:id/reject': {
    call: { params: { ...ownProject, id: 'x' }, body: {} },
    expected: ownOrgAreas(404, 'controlAdmin', 'controlMember'),
    note: 'A malformed id: nothing is rejected.',
  },
  // Opinion reports (issue 20): every party reads, on a project that does not exist; the agency's
  // deciders compile and forward (its plain members pass the area and are refused by the policy)
  'GET /api/checkDrawings/:orgId/:projectId/opinionReport/pagelist': {
    call: { params: ownProject },
    expected: readers(404),
    note: 'No such application: nothing is listed.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/opinionReport/:id': {
    call: { params: { ...ownProject, id: 'x' } },
    expected: readers(404),
    note: 'A malformed id: nothing is read.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/opinionReport/getReport/:id': {
    call: { params: { ...ownProject, id: 'x' } },
    expected: readers(404),
    note: 'A malformed id: no file is sent.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/opinionReport/getSignedURL/:id': {
    call: { params: { ...ownProject, id: 'x' } },
    expected: readers(404),
    note: 'A malformed id: no link is made.',
  },
  'POST /api/checkDrawings/:orgId/:projectId/opinionReport/compile': {
    call: { params: ownProject },
    expected: agency(404),
    note: 'No such application: nothing is compiled or queued.',
  },
  'POST /api/checkDrawings/:orgId/:projectId/opinionReport/forward/:id': {
    call: { params: { ...ownProject, id: 'x' } },
    expected: agency(404),
    note: 'A malformed id: nothing is forwarded and nobody is told.',
  },
  // Answers and the next rounds (issue 20): every party reads, on a project that does not exist;
  // the units answer, the agency's reviewers decide (the policy refuses the rest inside the area).
  'GET /api/checkDrawings/:orgId/:projectId/opinionAnswer/pagelist': {
    call: { params: ownProject, query: { list: 'CONST' } },
    expected: readers(404),
    note: 'No such application: nothing is listed.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/opinionAnswer/:id': {
    call: { params: { ...ownProject, id: 'x' } },
    expected: readers(404),
    note: 'A malformed id: nothing is read.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/opinionAnswer/letter/:versionId': {
    call: { params: { ...ownProject, versionId: 'x' }, query: { list: 'CONST' } },
    expected: readers(404),
    note: 'A malformed version: no PDF is built.',
  },
  'POST /api/checkDrawings/:orgId/:projectId/opinionAnswer/:id': {
    call: { params: { ...ownProject, id: 'x' }, body: {} },
    expected: units(404),
    note: 'A malformed id and an empty answer: nothing is saved.',
  },
  'PUT /api/checkDrawings/:orgId/:projectId/opinionAnswer/:id': {
    call: { params: { ...ownProject, id: 'x' }, body: {} },
    expected: units(404),
    note: 'A malformed id and an empty answer: nothing is changed.',
  },
  'PUT /api/checkDrawings/:orgId/:projectId/opinionAnswer/:id/decision': {
    call: { params: { ...ownProject, id: 'x' }, body: {} },
    expected: agency(404),
    note: 'A malformed id: nothing is decided.',
  },
  'DELETE /api/checkDrawings/:orgId/:projectId/opinionAnswer/:id/decision': {
    call: { params: { ...ownProject, id: 'x' } },
    expected: agency(404),
    note: 'A malformed id: nothing is taken back.',
  },
  // Electronic signatures (issue 21): the agency signs, every party reads; a presented PDF is
  // checked for anyone signed in.
  'POST /api/signature/task/start': {
    call: { body: {} },
    expected: statuses({ anonymous: 401, censorAdmin: 400, censorMember: 400, default: 403 }),
    note: 'No task and no password: nothing is signed.',
  },
  'GET /api/signature/task/getVerifyInfo': {
    call: { query: { projectId: NO_SUCH_PROJECT, documentId: NO_SUCH_PROJECT } },
    expected: statuses({
      anonymous: 401,
      infoStaff: 403,
      systemAdmin: 403,
      default: 404,
    }),
    note: 'No such application: nothing is read.',
  },
  'GET /api/signature/task/getSignCallbackUrl': {
    call: { query: { taskId: NO_SUCH_PROJECT } },
    expected: statuses({ anonymous: 401, censorAdmin: 404, censorMember: 404, default: 403 }),
    note: 'No such task.',
  },
  'POST /api/signature/task/verify': {
    call: { body: {} },
    expected: signedIn(415),
    note: 'Not a file upload (415, in words): nothing is checked.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/signature/getViewUrl': {
    call: { params: ownProject, query: { documentId: NO_SUCH_PROJECT } },
    expected: readers(404),
    note: 'No such application: no link.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/listSignatureTree': {
    call: { params: ownProject },
    expected: readers(404),
    note: 'No such application: nothing is listed.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/querySignatureFile': {
    call: { params: ownProject },
    expected: readers(404),
    note: 'No such application: nothing is listed.',
  },
  'GET /api/files/report/:token': {
    call: { params: { token: 'not-a-report-link' } },
    expected: everyone(404),
    note: 'Public: the signed link is the credential. One that does not verify answers 404, as a missing file.',
  },
  'GET /api/files/signed/:token': {
    call: { params: { token: 'not-a-signed-link' } },
    expected: everyone(404),
    note: 'Public: the signed link is the credential. One that does not verify answers 404, as a missing file.',
  },
  // The certificate of passing review (issue 21): every party reads, on a project that does not exist.
  'GET /api/checkDrawings/:orgId/:projectId/certification': {
    call: { params: ownProject },
    expected: readers(404),
    note: 'No such application: nothing is listed.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/certification/:id': {
    call: { params: { ...ownProject, id: NO_SUCH_PROJECT } },
    expected: readers(404),
    note: 'No such application: nothing is read.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/certification/getCertificate/:id': {
    call: { params: { ...ownProject, id: NO_SUCH_PROJECT } },
    expected: readers(404),
    note: 'No such application: no file.',
  },
  'POST /api/checkDrawings/:orgId/:projectId/certification/compile': {
    call: { params: ownProject },
    expected: agency(404),
    note: 'No such application: nothing is numbered, compiled or queued.',
  },
  'POST /api/checkDrawings/:orgId/:projectId/certification/issue/:id': {
    call: { params: { ...ownProject, id: NO_SUCH_PROJECT } },
    expected: agency(404),
    note: 'No such application: nothing is issued and nobody is told.',
  },
  // The sealed drawing set (issue 21): every party reads, the agency prepares; no such application.
  'GET /api/checkDrawings/:orgId/:projectId/drawingSet': {
    call: { params: ownProject },
    expected: readers(404),
    note: 'No such application: nothing is listed.',
  },
  'POST /api/checkDrawings/:orgId/:projectId/drawingSet/compile': {
    call: { params: ownProject },
    expected: agency(404),
    note: 'No such application: nothing is prepared and nobody is asked to sign.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/drawingSet/:id': {
    call: { params: { ...ownProject, id: NO_SUCH_PROJECT } },
    expected: readers(404),
    note: 'No such application: nothing is read.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/drawingSet/sheets/:sheetId/verify': {
    call: { params: { ...ownProject, sheetId: NO_SUCH_PROJECT } },
    expected: readers(404),
    note: 'No such application: nothing is checked.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/drawingSet/sheets/:sheetId/file': {
    call: { params: { ...ownProject, sheetId: NO_SUCH_PROJECT } },
    expected: readers(404),
    note: 'No such application: no file.',
  },
  'POST /api/checkDrawings/:orgId/:projectId/certification/revoke/:id': {
    call: { params: { ...ownProject, id: NO_SUCH_PROJECT }, body: { reason: '测试' } },
    expected: agency(404),
    note: 'No such application: nothing is revoked and nobody is told.',
  },
  'GET /api/portal/certificateCheck': {
    call: { query: { no: '430102202600001', c: '0123456789ABCDEF' } },
    expected: everyone(404),
    note: 'Public: a number with a wrong check code answers as missing.',
  },
  // Filing (issue 21): the agency and the region's authority, on a project or filing that does not exist.
  'GET /api/checkDrawings/:orgId/:projectId/filing': {
    call: { params: ownProject },
    expected: ownOrgAreas(404, 'censorAdmin', 'censorMember', 'controlAdmin', 'controlMember'),
    note: 'No such application: nothing is listed.',
  },
  'POST /api/checkDrawings/:orgId/:projectId/filing': {
    call: { params: ownProject, body: { jointReview: false, fireReview: 'PASSED', civilDefenceReview: 'NOT_APPLICABLE' } },
    expected: agency(404),
    note: 'No such application: nothing is filed and no authority is asked.',
  },
  'GET /api/checkDrawings/filing/pagelist': {
    call: { query: { flag: 'tbc' } },
    expected: statuses({ anonymous: 401, controlAdmin: 200, controlMember: 200, default: 403 }),
    note: "The region's supervising authority only (ONLINE_SUPERVISION).",
  },
  'GET /api/checkDrawings/filing/export': {
    call: { query: { from: '2026-01-01', to: '2026-01-31' } },
    expected: statuses({ anonymous: 401, controlAdmin: 200, controlMember: 200, default: 403 }),
    note: "The region's supervising authority only: the confirmed filings of its region.",
  },
  'GET /api/checkDrawings/filing/:id': {
    call: { params: { id: NO_SUCH_PROJECT } },
    expected: statuses({
      anonymous: 401,
      censorAdmin: 404,
      censorMember: 404,
      controlAdmin: 404,
      controlMember: 404,
      default: 403,
    }),
    note: 'No such filing: nothing is read.',
  },
  'POST /api/checkDrawings/filing/:id/decide': {
    call: { params: { id: NO_SUCH_PROJECT }, body: { decision: 'CONFIRM' } },
    expected: statuses({ anonymous: 401, controlAdmin: 404, controlMember: 404, default: 403 }),
    note: 'No such filing: nothing is confirmed and nobody is told.',
  },
  'GET /api/portal/reviewRecords': {
    call: { query: { projectName: '不存在的项目' } },
    expected: everyone(200),
    note: 'Public: the confirmed records only (an empty page here).',
  },
  'GET /api/portal/reviewRecords/:id': {
    call: { params: { id: NO_SUCH_PROJECT } },
    expected: everyone(404),
    note: 'Public: an id that is no confirmed filing answers as missing.',
  },
  'GET /api/portal/reviewRecords/buildings/:id': {
    call: { params: { id: NO_SUCH_PROJECT } },
    expected: everyone(404),
    note: 'Public: a building of no confirmed filing answers as missing.',
  },
  'GET /api/portal/reportCheck': {
    call: { query: { no: 'HN-2026-000000-R1', c: '0123456789ABCDEF' } },
    expected: everyone(404),
    note: 'Public: a number with a wrong check code answers as missing.',
  },
  // The project's notices (issue 19): the agency's people only
  'GET /api/checkDrawings/:orgId/:projectId/notifications': {
    call: { params: ownProject },
    expected: agency(404),
    note: 'No such application: nothing is listed.',
  },
  'GET /api/checkDrawings/:orgId/:projectId/notifications/:id': {
    call: { params: { ...ownProject, id: 'x' } },
    expected: agency(404),
    note: 'A malformed id: nothing is read.',
  },
  'GET /api/checkDrawings/:projectId/:versionId/drawingsReview/batchDownLoadDrawingsReview': {
    call: {
      params: { projectId: 'not-a-project-id', versionId: 'x' },
      headers: { 'x-org-id': ownOrg() },
    },
    expected: readers(404),
    note: 'Acting for the own organisation (X-Org-Id) on a malformed project: no archive is made; the system admin names the design org: 404.',
  },

  // Change applications: the construction unit writes; the detail follows the application detail
  'GET /api/checkDrawings/projectAlterDetail/:id': {
    call: { params: { id: 'not-a-project-id' } },
    expected: statuses({ anonymous: 401, infoStaff: 403, systemAdmin: 403, default: 404 }),
    note: 'As the application detail: every working organisation passes and the malformed id fails validation.',
  },
  'POST /api/checkDrawings/projectAlterDetail/saveOrUpdate': {
    call: { body: {} },
    expected: applyArea(400),
    note: 'Empty form: fails validation, nothing is saved, no building is copied and no code is used up.',
  },
  'GET /api/checkDrawings/projectAlterDetail/getPassedBuildings': {
    call: {},
    expected: applyArea(400),
    note: 'No projectDicId: fails validation.',
  },

  // Attachments of an application
  'GET /api/checkDrawings/projectDoc/pagelist': {
    call: {},
    expected: statuses({ anonymous: 401, infoStaff: 403, systemAdmin: 403, default: 400 }),
    note: 'No projectId: every working organisation passes and fails validation.',
  },
  'POST /api/checkDrawings/projectDoc/add': {
    call: { body: {} },
    expected: applyArea(415),
    note: 'A JSON body where a multipart upload is expected: refused as 415, nothing is stored.',
  },
  'DELETE /api/checkDrawings/projectDoc/delete/:id': {
    call: { params: { id: 'not-a-doc-id' } },
    expected: applyArea(404),
    note: 'A malformed id: 404 as a missing record, nothing is deleted.',
  },
  'POST /api/checkDrawings/projectDoc/remark/edit/:id': {
    call: { params: { id: 'not-a-doc-id' }, body: {} },
    expected: applyArea(404),
    note: 'A malformed id: 404 as a missing record, nothing changes.',
  },
  'GET /api/checkDrawings/projectDoc/download/:id': {
    call: { params: { id: 'not-a-doc-id' } },
    expected: statuses({ anonymous: 401, infoStaff: 403, systemAdmin: 403, default: 404 }),
  },

  // Portal articles, files, links and footer: the public reads what is published, staff keep it
  'GET /api/portal/home': { call: {}, expected: everyone(200) },
  'GET /api/portal/site': { call: {}, expected: everyone(200) },
  'GET /api/portal/articles': { call: { query: { category: 'NOTICE' } }, expected: everyone(200) },
  'GET /api/portal/articles/:id': {
    call: { params: { id: NO_SUCH_ARTICLE } },
    expected: everyone(404),
    note: 'Public: a missing, draft or deleted article answers 404 to everyone alike.',
  },
  'GET /api/portal/files/:id': { call: { params: { id: NO_SUCH_ARTICLE } }, expected: everyone(404) },
  'GET /api/info/portal/articles': { call: {}, expected: infoArea(200) },
  'POST /api/info/portal/articles': {
    call: { body: {} },
    expected: infoArea(400),
    note: 'Empty article: fails validation, nothing is created.',
  },
  'GET /api/info/portal/articles/:id': { call: { params: { id: NO_SUCH_ARTICLE } }, expected: infoArea(404) },
  'PUT /api/info/portal/articles/:id': {
    call: { params: { id: NO_SUCH_ARTICLE }, body: {} },
    expected: infoArea(400),
    note: 'Empty article: fails validation, nothing changes.',
  },
  'DELETE /api/info/portal/articles/:id': {
    call: { params: { id: NO_SUCH_ARTICLE } },
    expected: infoArea(404),
    note: 'An id that exists nowhere: nothing is deleted.',
  },
  'POST /api/info/portal/articles/:id/publish': {
    call: { params: { id: NO_SUCH_ARTICLE } },
    expected: infoArea(404),
    note: 'An id that exists nowhere: nothing is published.',
  },
  'POST /api/info/portal/articles/:id/unpublish': {
    call: { params: { id: NO_SUCH_ARTICLE } },
    expected: infoArea(404),
  },
  'GET /api/info/portal/articles/:id/history': {
    call: { params: { id: NO_SUCH_ARTICLE } },
    expected: infoArea(404),
  },
  'POST /api/info/portal/uploads': {
    call: { body: {} },
    expected: infoArea(415),
    note: 'A JSON body where a multipart upload is expected: refused as 415, nothing is stored.',
  },
  'GET /api/info/portal/files/:id': { call: { params: { id: NO_SUCH_ARTICLE } }, expected: infoArea(404) },
  'GET /api/info/portal/site': { call: {}, expected: infoArea(200) },
  'PUT /api/info/portal/site': {
    call: { body: {} },
    expected: infoArea(400),
    note: 'No links or footer: fails validation, the site is unchanged.',
  },

  // Portal credit information and forum: the public reads, signed-in users post, staff keep and moderate
  'GET /api/portal/credit': { call: { query: { list: 'commendationList' } }, expected: everyone(200) },
  'GET /api/portal/forum/topics': { call: {}, expected: everyone(200) },
  'GET /api/portal/forum/topics/:id': {
    call: { params: { id: NO_SUCH_PORTAL_ITEM } },
    expected: everyone(404),
  },
  'POST /api/portal/forum/topics': {
    call: { body: {} },
    expected: signedIn(400),
    note: 'Empty post: fails validation, no topic is opened (and each account posts once: no rate limit hit).',
  },
  'POST /api/portal/forum/topics/:id/replies': {
    call: { params: { id: NO_SUCH_PORTAL_ITEM }, body: {} },
    expected: signedIn(400),
    note: 'Empty reply: fails validation, nothing is posted.',
  },
  'GET /api/info/portal/credit': { call: {}, expected: infoArea(200) },
  'POST /api/info/portal/credit': {
    call: { body: {} },
    expected: infoArea(400),
    note: 'Empty entry: fails validation, nothing is added.',
  },
  'PUT /api/info/portal/credit/:id': {
    call: { params: { id: NO_SUCH_PORTAL_ITEM }, body: {} },
    expected: infoArea(400),
    note: 'Empty entry: fails validation, nothing changes.',
  },
  'DELETE /api/info/portal/credit/:id': {
    call: { params: { id: NO_SUCH_PORTAL_ITEM } },
    expected: infoArea(404),
    note: 'An id that exists nowhere: nothing is deleted.',
  },
  'GET /api/info/portal/credit/:id/history': {
    call: { params: { id: NO_SUCH_PORTAL_ITEM } },
    expected: infoArea(404),
  },
  'GET /api/info/portal/forum/topics': { call: {}, expected: infoArea(200) },
  'GET /api/info/portal/forum/topics/:id': {
    call: { params: { id: NO_SUCH_PORTAL_ITEM } },
    expected: infoArea(404),
  },
  'PUT /api/info/portal/forum/topics/:id': {
    call: { params: { id: NO_SUCH_PORTAL_ITEM }, body: { hidden: 'yes' } },
    expected: infoArea(400),
    note: 'A moderation that is not a boolean: fails validation, nothing changes.',
  },
  'PUT /api/info/portal/forum/replies/:id': {
    call: { params: { id: NO_SUCH_PORTAL_ITEM }, body: {} },
    expected: infoArea(400),
    note: 'No `hidden`: fails validation, nothing changes.',
  },
};
