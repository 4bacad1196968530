import {
  CERTIFICATE_STATUS_KEYS,
  DRAWING_SET_STATUS_KEYS,
  FILING_STATUS_KEYS,
  SIGNING_ROLE_KEYS,
  SIGNING_TASK_STATUS_KEYS,
  BAD_ACTION_STATUS_KEYS,
  REPORT_STATUS_KEYS,
  MISSION_STATUS_KEYS,
  OPINION_STATE_KEYS,
  OPINION_STATUS_KEYS,
  AREAS,
  BUILDING_STATUS_KEYS,
  DOC_CATEGORY_KEYS,
  DOC_VERSION_STATUS_KEYS,
  ERROR_CODES,
  ORG_TYPES,
  ORG_TYPE_LABELS,
  PROFILES,
  PROFILE_LABELS,
  PROJECT_PARTS,
  PROJECT_POLICY,
  PROJECT_STATUS_KEYS,
  SURVEY_INFO_STATUSES,
  type AccessRule,
  type AreaKey,
  type ErrorCode,
  type PolicySubject,
  type ProjectAction,
  type ProjectActor,
  type ProjectPart,
  type ProjectRule,
  type SurveyInfoStatus,
} from '@drp/domain';

/**
 * What one route tells an integrator in the OpenAPI document. The access rule is not written here:
 * it is read from `API_ACCESS` for the route's method and URL (and from `PROJECT_POLICY` for the
 * project actions named), the same tables the server enforces, so the document cannot drift.
 */
export interface RouteDoc {
  /** What the route does, in Chinese. */
  zh: string;
  /** The same in English. */
  en: string;
  /** The `PROJECT_POLICY` action(s) the use case opens the application with (`openProject`). */
  project?: ProjectAction | readonly ProjectAction[];
  /** The AppError codes the use case itself throws; access, input and project codes are added. */
  errors?: readonly ErrorCode[];
}

/** The schema key `describeRoute` leaves for the OpenAPI transform (plugins/openapi.ts). */
export const ROUTE_DOC = 'x-drp-doc';

/** Spread into a route's `schema`: its summary in both languages and what the document adds. */
export function describeRoute(doc: RouteDoc) {
  return { summary: `${doc.zh} · ${doc.en}`, [ROUTE_DOC]: doc };
}

export interface Bilingual {
  zh: string;
  en: string;
}

const AREA_NAMES: Record<AreaKey, Bilingual> = {
  apply: { zh: '报审（建设单位）', en: 'apply (construction units)' },
  submit: { zh: '提交（设计、勘察单位）', en: 'submit (design and survey units)' },
  audit: { zh: '审查（审查机构）', en: 'audit (review agencies)' },
  supervise: { zh: '监管（主管部门）', en: 'supervise (supervising authorities)' },
  joint: { zh: '联审（联审部门）', en: 'joint (joint-review bodies)' },
  admin: { zh: '系统管理', en: 'system administration' },
  info: { zh: '信息服务', en: 'information service' },
};

const PART_NAMES: Record<ProjectPart, Bilingual> = {
  CONSTRUCT: { zh: '建设单位', en: 'the construction unit' },
  DESIGN: { zh: '设计单位', en: 'a design unit' },
  SURVEY: { zh: '勘察单位', en: 'a survey unit' },
  CENSOR: { zh: '审查机构', en: 'the review agency' },
  SUPERVISOR: { zh: '本地区主管部门', en: 'the supervising authority of the region' },
  JOINT_REVIEW: { zh: '联审部门', en: 'a joint-review body' },
};

const label = (profile: (typeof PROFILES)[number]): Bilingual => ({
  zh: PROFILE_LABELS[profile]['zh-CN'],
  en: PROFILE_LABELS[profile]['en-US'],
});

/** Who among one kind of member passes `qualifies`: everyone, or its admins and some profiles. */
function standingsThatPass(qualifies: (admin: boolean, profiles: readonly string[]) => boolean) {
  if (qualifies(false, [])) return 'all' as const;
  return {
    admin: qualifies(true, []),
    profiles: PROFILES.filter((profile) => qualifies(false, [profile])).map(label),
  };
}

/** "its admins, or members with the profile A or B" of one kind of organisation. */
function standingsInWords(pass: Exclude<ReturnType<typeof standingsThatPass>, 'all'>): Bilingual | undefined {
  const zh: string[] = [];
  const en: string[] = [];
  if (pass.admin) {
    zh.push('单位管理员');
    en.push('its admins');
  }
  if (pass.profiles.length) {
    zh.push(`具有${pass.profiles.map((p) => `「${p.zh}」`).join('或')}权限的成员`);
    en.push(`members with the profile ${pass.profiles.map((p) => p.en).join(' or ')}`);
  }
  return zh.length ? { zh: zh.join('或'), en: en.join(', or ') } : undefined;
}

const joinZh = (items: string[]) => items.join('、');
const joinEn = (items: string[]) => items.join(', ');
const orList = (items: Bilingual[]): Bilingual => ({
  zh: joinZh(items.map((i) => i.zh)),
  en: joinEn(items.map((i) => i.en)),
});

/** Who qualifies for an area, read from the area's own predicates over every org type and standing. */
function areaMembers(area: AreaKey, project: boolean): Bilingual[] {
  const def = AREAS[area];
  const predicate = (project && def.projectMemberQualifies) || def.memberQualifies;
  const who: Bilingual[] = [];
  for (const orgType of ORG_TYPES) {
    const pass = standingsThatPass((admin, profiles) =>
      predicate({ orgId: '', orgType, admin, profiles: profiles as (typeof PROFILES)[number][] }),
    );
    const org = { zh: ORG_TYPE_LABELS[orgType]['zh-CN'], en: ORG_TYPE_LABELS[orgType]['en-US'] };
    const words = pass === 'all' ? undefined : standingsInWords(pass);
    if (pass === 'all') who.push({ zh: `${org.zh}成员`, en: `members of a ${org.en.toLowerCase()}` });
    else if (words)
      who.push({ zh: `${org.zh}中${words.zh}`, en: `in a ${org.en.toLowerCase()}, ${words.en}` });
  }
  if (def.accountQualifies?.({ accountId: '', systemAdmin: true, members: [] }))
    who.push({ zh: '系统管理员', en: 'the system admin' });
  return who;
}

/** The access rule of a route in words. */
export function describeAccess(rule: AccessRule): Bilingual {
  switch (rule.kind) {
    case 'public':
      return { zh: '公开：无需登录', en: 'Public: no sign-in needed' };
    case 'signedIn':
      return { zh: '任何已登录用户', en: 'Any signed-in user' };
    case 'systemAdmin':
      return { zh: '仅系统管理员', en: 'The system admin only' };
    case 'orgAdmin':
      return {
        zh: '路径中 orgId 单位的管理员，或系统管理员',
        en: 'An admin of the organisation in the path (orgId), or the system admin',
      };
    case 'area': {
      const who = rule.areas.flatMap((a) => areaMembers(a, Boolean(rule.project)));
      const unique = who.filter((w, i) => who.findIndex((o) => o.zh === w.zh) === i);
      const areas = orList(rule.areas.map((a) => AREA_NAMES[a]));
      return {
        zh: `业务区 ${areas.zh} 的成员：${unique.map((w) => w.zh).join('；')}。以路径中的 orgId（否则 X-Org-Id 请求头）所指单位的身份调用；非本人所属单位答 404，所属单位但无相应权限答 403`,
        en: `Members of the ${areas.en} area${rule.areas.length > 1 ? 's' : ''}: ${unique.map((w) => w.en).join('; ')}. The call acts for the organisation named by orgId in the path (else the X-Org-Id header); one the caller does not belong to answers 404, its own without the profile 403`,
      };
    }
  }
}

/** Codes the access rule itself answers with. */
export function accessErrors(rule: AccessRule, hasOrg: boolean): ErrorCode[] {
  switch (rule.kind) {
    case 'public':
      return [];
    case 'signedIn':
      return ['UNAUTHORIZED'];
    case 'systemAdmin':
      return ['UNAUTHORIZED', 'FORBIDDEN'];
    case 'orgAdmin':
      return ['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND'];
    case 'area':
      return hasOrg || rule.project
        ? ['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND']
        : ['UNAUTHORIZED', 'FORBIDDEN'];
  }
}

const STANDINGS: Pick<ProjectActor, 'admin' | 'profiles'>[] = [
  { admin: false, profiles: [] },
  { admin: true, profiles: [] },
  ...PROFILES.map((p) => ({ admin: false, profiles: [p] })),
];
const ACTORS: ProjectActor[] = PROJECT_PARTS.flatMap((part) => STANDINGS.map((s) => ({ part, ...s })));
const bools = [false, true];
const applications = PROJECT_STATUS_KEYS.flatMap((status) => bools.map((accepted) => ({ status, accepted })));
const versions = DOC_VERSION_STATUS_KEYS.flatMap((status) => bools.map((latest) => ({ status, latest })));

/**
 * Every state of each subject the policy reads, so a rule's state codes are read by running it.
 * A subject added later without states here is still described by who may and its refusal, and
 * the OpenAPI test asks for its states.
 */
export const POLICY_STATES: Partial<Record<PolicySubject, unknown[]>> = {
  application: applications,
  building: applications.flatMap((project) =>
    BUILDING_STATUS_KEYS.flatMap((status) =>
      bools.map((named) => ({ project, building: { status }, named })),
    ),
  ),
  docVersion: versions,
  docCommit: versions.flatMap((version) =>
    DOC_CATEGORY_KEYS.flatMap((category) =>
      bools.flatMap((committed) => bools.map((hasFiles) => ({ version, category, committed, hasFiles }))),
    ),
  ),
  docSend: versions.flatMap((version) => bools.map((allCommitted) => ({ version, allCommitted }))),
  docReturn: versions.flatMap((version) => bools.map((stuck) => ({ version, stuck }))),
  docWrite: versions.flatMap((version) =>
    DOC_CATEGORY_KEYS.flatMap((category) =>
      bools.flatMap((ownFolder) => bools.map((committed) => ({ version, category, ownFolder, committed }))),
    ),
  ),
  surveyInfo: [null, ...(Object.keys(SURVEY_INFO_STATUSES) as SurveyInfoStatus[])].map((status) => ({
    status,
  })),
  alterStart: bools.map((passed) => ({ passed })),
  // bad actions (issue 19)
  badAction: BAD_ACTION_STATUS_KEYS.map((status) => ({ status })),
  // review missions (issue 19)
  mission: MISSION_STATUS_KEYS.flatMap((status) =>
    bools.flatMap((reviewer) => bools.map((checker) => ({ status, reviewer, checker }))),
  ),
  // review opinions (issue 19)
  opinion: MISSION_STATUS_KEYS.flatMap((status) =>
    bools.flatMap((reviewer) =>
      bools.flatMap((checker) =>
        [null, ...OPINION_STATUS_KEYS].map((opinion) => ({
          mission: { status, reviewer, checker },
          status: opinion,
        })),
      ),
    ),
  ),
  // opinion reports (issue 20)
  report: applications.flatMap((application) =>
    [null, ...REPORT_STATUS_KEYS].flatMap((status) =>
      [
        [0, 0],
        [1, 0],
        [1, 1],
      ].flatMap(([cells, missionsOpen]) =>
        [0, 1].map((unsigned) => ({ application, status, cells, missionsOpen, unsigned })),
      ),
    ),
  ),
  // answers and the next rounds (issue 20)
  answer: OPINION_STATE_KEYS.flatMap((state) =>
    bools.flatMap((addressed) =>
      [null, ...versions].flatMap((version) =>
        bools.flatMap((committed) =>
          bools.map((answered) => ({ state, addressed, version, committed, answered })),
        ),
      ),
    ),
  ),
  decision: MISSION_STATUS_KEYS.flatMap((status) =>
    bools.flatMap((reviewer) =>
      bools.map((carried) => ({ mission: { status, reviewer, checker: false }, carried })),
    ),
  ),
  // signing tasks (issue 21)
  signingTask: SIGNING_TASK_STATUS_KEYS.flatMap((status) =>
    SIGNING_ROLE_KEYS.flatMap((role) => bools.map((assigned) => ({ status, role, assigned }))),
  ),
  // the certificate (issue 21)
  certificate: applications.flatMap((application) =>
    [null, ...CERTIFICATE_STATUS_KEYS].flatMap((status) =>
      bools.flatMap((passed) => [0, 1].map((unsigned) => ({ application, status, passed, unsigned }))),
    ),
  ),
  // the sealed drawing set (issue 21)
  drawingSet: applications.flatMap((application) =>
    bools.flatMap((passed) =>
      [null, ...DRAWING_SET_STATUS_KEYS].flatMap((status) =>
        [0, 1].map((signed) => ({ application, passed, status, signed })),
      ),
    ),
  ),
  // filing (issue 21)
  filing: [null, ...CERTIFICATE_STATUS_KEYS].flatMap((certificate) =>
    [null, ...FILING_STATUS_KEYS].map((latest) => ({ certificate, latest })),
  ),
  filingDecision: FILING_STATUS_KEYS.map((status) => ({ status })),
};

export interface ProjectRuleDoc extends Bilingual {
  action: ProjectAction;
  errors: ErrorCode[];
}

/** One project action in words: who may (by running its `who`), and every code it can answer. */
export function describeProjectAction(action: ProjectAction): ProjectRuleDoc {
  const rule = PROJECT_POLICY[action] as unknown as ProjectRule;
  const who: Bilingual[] = [];
  for (const part of PROJECT_PARTS) {
    const pass = standingsThatPass((admin, profiles) => rule.who({ part, admin, profiles }));
    const words = pass === 'all' ? undefined : standingsInWords(pass);
    if (pass === 'all') who.push(PART_NAMES[part]);
    else if (words)
      who.push({ zh: `${PART_NAMES[part].zh}中${words.zh}`, en: `in ${PART_NAMES[part].en}, ${words.en}` });
  }
  const everyone =
    who.length === PROJECT_PARTS.length && who.every((w, i) => w === PART_NAMES[PROJECT_PARTS[i]!]);
  const codes = new Set<ErrorCode>(['NOT_FOUND', rule.refused]);
  const blocks = rule.blocks as (facts: unknown, actor: ProjectActor) => ErrorCode | undefined;
  for (const facts of POLICY_STATES[rule.subject] ?? [])
    for (const actor of ACTORS) {
      if (!rule.who(actor)) continue;
      const code = blocks(facts, actor);
      if (code) codes.add(code);
    }
  const whoText: Bilingual = everyone
    ? { zh: '能看到该报审的每个单位', en: 'every organisation that sees the application' }
    : { zh: who.map((w) => w.zh).join('，或'), en: who.map((w) => w.en).join(', or ') };
  return {
    action,
    zh: `项目规则 ${action}：${whoText.zh}。看不到该报审的单位答 404（如同不存在）；无此权利答 ${rule.refused}；状态不允许时答相应错误码`,
    en: `Project rule ${action}: ${whoText.en}. An organisation that does not see the application gets 404 (as if missing); a party without the right ${rule.refused}; a state that forbids it the matching code`,
    errors: [...codes],
  };
}

/** The codes grouped by HTTP status, as the document's responses list them. */
export function errorsByStatus(codes: Iterable<ErrorCode>): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}
