import type { Locale } from '../errors/error-codes.js';
import type { OrgType } from '../orgs/org-type.js';
import { partOf } from '../project-access/project-part.js';
import { PROJECT_POLICY, type ProjectAction } from '../project-access/project-policy.js';

type Texts = Record<Locale, string>;

/**
 * What a to-do asks its receivers to do: an action of the project policy (the application the
 * message is about), or `org.admin`, work only an administrator of the receiving organisation does
 * (its people, their passwords).
 */
export type MessageAction = ProjectAction | 'org.admin';

/** How one org type receives a message type. */
export interface MessageReceiver {
  /**
   * The screen the message opens: the one where its work is done. A route path where `:orgId` is
   * the receiving organisation, `:projectId` the message's project and `:targetId` the record it
   * is about (a building...).
   */
  opens: string;
  /**
   * For a to-do, the action it asks for: only the members who may do it (by the project policy:
   * part, admin flag and profiles) are told. Absent: a notice, told to everyone in the organisation.
   */
  todo?: MessageAction;
}

/**
 * How a later message about the same project settles this type's open to-dos: `own` only the to-do
 * of the organisation that sends it (a unit committed its own materials), `all` every receiver's
 * (the application was recalled, the round is over).
 */
export type Settlement = 'own' | 'all';

/**
 * One kind of hand-over message (spec §3, completed from the lifecycle in the domain guide).
 * - `kind`: `todo` when it asks some receiver for work (see `MessageReceiver.todo`), else `notice`.
 * - `receivers`: the org types told, each with the screen the message opens and, for a to-do, the
 *   action it asks for.
 * - `settledBy`: the message types whose sending settles this type's open to-dos (the use case
 *   that does the work sends them in its own transaction). A to-do settled by no message is
 *   settled by its use case calling `settleTodos` (server, modules/messages).
 * - `personal`: delivered to one named member of the receiving organisation (a reviewer's mission),
 *   not to everyone in it.
 * - `needsSubmittedProject`: the message asks a design or survey unit to work on a submitted
 *   application; once the application is recalled it is out of date ("消息已失效！", spec §5).
 * - `content`: the text, with `{name}` placeholders filled from the message's parameters.
 */
export interface MessageTypeDefinition {
  name: Texts;
  kind: 'todo' | 'notice';
  receivers: Partial<Record<OrgType, MessageReceiver>>;
  /** Keyed by message type (checked by message-type.test.ts: the table cannot name its own keys' type). */
  settledBy?: Readonly<Record<string, Settlement>>;
  personal?: boolean;
  needsSubmittedProject?: boolean;
  content: Texts;
}

/**
 * Every message type. Names follow `<SENDER>_<EVENT>`: the org type (or the platform) that caused
 * the message, then what happened. A type joins the table with the use case that sends it and the
 * screen it opens (the opinions, certificates and filings of the later review steps come with them).
 */
export const MESSAGE_TYPES = {
  CONSTRUCT_PROJECT_SUBMIT: {
    name: { 'zh-CN': '建设单位提交报审', 'en-US': 'Application submitted' },
    kind: 'todo',
    // Each unit uploads and commits its own materials; the upload screen is where that is done.
    receivers: {
      DESIGN: { opens: '/sys_submit/:projectId/workingDrawing', todo: 'docs.commit' },
      SURVEY: { opens: '/sys_submit/:projectId/reconnaissance', todo: 'docs.commit' },
    },
    settledBy: {
      DESIGN_MATERIAL_COMMIT: 'own',
      SURVEY_MATERIAL_COMMIT: 'own',
      CONSTRUCT_PROJECT_REVOKE: 'all',
    },
    needsSubmittedProject: true,
    content: {
      'zh-CN': '{senderName}已提交项目「{projectName}」的报审，请上传并提交本单位的资料。',
      'en-US':
        '{senderName} submitted the application for "{projectName}". Please upload and commit your materials.',
    },
  },
  CONSTRUCT_PROJECT_REVOKE: {
    name: { 'zh-CN': '建设单位撤回报审', 'en-US': 'Application recalled' },
    kind: 'notice',
    // A recalled application is hidden from the units again, so the message opens their list.
    receivers: {
      DESIGN: { opens: '/sys_submit/projects' },
      SURVEY: { opens: '/sys_submit/projects' },
      CENSOR: { opens: '/sys_audit/projects' },
    },
    content: {
      'zh-CN': '{senderName}已撤回项目「{projectName}」的报审。',
      'en-US': '{senderName} recalled the application for "{projectName}".',
    },
  },
  DESIGN_MATERIAL_COMMIT: {
    name: { 'zh-CN': '设计单位提交资料', 'en-US': 'Design materials committed' },
    kind: 'todo',
    receivers: { CONSTRUCT: { opens: '/sys_apply/:projectId/workingDrawing', todo: 'docs.send' } },
    settledBy: { CONSTRUCT_MATERIAL_SUBMIT: 'own', CONSTRUCT_PROJECT_REVOKE: 'all' },
    content: {
      'zh-CN': '{senderName}已提交项目「{projectName}」的施工图，请确认后送审。',
      'en-US':
        '{senderName} committed the drawings for "{projectName}". Please check them and send them to review.',
    },
  },
  SURVEY_MATERIAL_COMMIT: {
    name: { 'zh-CN': '勘察单位提交资料', 'en-US': 'Survey materials committed' },
    kind: 'todo',
    receivers: { CONSTRUCT: { opens: '/sys_apply/:projectId/reconnaissance', todo: 'docs.send' } },
    settledBy: { CONSTRUCT_MATERIAL_SUBMIT: 'own', CONSTRUCT_PROJECT_REVOKE: 'all' },
    content: {
      'zh-CN': '{senderName}已提交项目「{projectName}」的勘察文件，请确认后送审。',
      'en-US':
        '{senderName} committed the survey report for "{projectName}". Please check it and send it to review.',
    },
  },
  CONSTRUCT_MATERIAL_SUBMIT: {
    name: { 'zh-CN': '建设单位送审资料', 'en-US': 'Materials sent to review' },
    kind: 'todo',
    // 资料受理: the receive page, where the director or an administrator accepts or returns them.
    receivers: { CENSOR: { opens: '/sys_audit/:orgId/:projectId/workingDrawing', todo: 'docs.accept' } },
    settledBy: {
      CENSOR_MATERIAL_ACCEPT: 'own',
      CENSOR_MATERIAL_REJECT: 'own',
      CONSTRUCT_PROJECT_REVOKE: 'all',
    },
    content: {
      'zh-CN': '{senderName}已将项目「{projectName}」的资料送审，请查收并受理。',
      'en-US': '{senderName} sent the materials of "{projectName}" to review. Please check and accept them.',
    },
  },
  CENSOR_MATERIAL_ACCEPT: {
    name: { 'zh-CN': '审查机构受理资料', 'en-US': 'Materials accepted' },
    kind: 'notice',
    receivers: {
      CONSTRUCT: { opens: '/sys_apply/reportdetail/:projectId' },
      DESIGN: { opens: '/sys_submit/reportdetail/:projectId' },
      SURVEY: { opens: '/sys_submit/reportdetail/:projectId' },
    },
    content: {
      'zh-CN': '{senderName}已受理项目「{projectName}」的资料，审查开始。',
      'en-US': '{senderName} accepted the materials of "{projectName}"; the review has begun.',
    },
  },
  CENSOR_MATERIAL_REJECT: {
    name: { 'zh-CN': '审查机构退回资料', 'en-US': 'Materials returned' },
    kind: 'todo',
    // The units hand over anew; the construction unit sends again once they have.
    receivers: {
      CONSTRUCT: { opens: '/sys_apply/:projectId/workingDrawing', todo: 'docs.send' },
      DESIGN: { opens: '/sys_submit/:projectId/workingDrawing', todo: 'docs.commit' },
      SURVEY: { opens: '/sys_submit/:projectId/reconnaissance', todo: 'docs.commit' },
    },
    // A unit whose category the reasons did not name has nothing to commit: the next sending ends
    // the round for everyone.
    settledBy: {
      DESIGN_MATERIAL_COMMIT: 'own',
      SURVEY_MATERIAL_COMMIT: 'own',
      CONSTRUCT_MATERIAL_SUBMIT: 'all',
      CONSTRUCT_PROJECT_REVOKE: 'all',
    },
    needsSubmittedProject: true,
    content: {
      'zh-CN': '{senderName}退回了项目「{projectName}」的资料：{reason}',
      'en-US': '{senderName} returned the materials of "{projectName}": {reason}',
    },
  },
  CENSOR_ABSENCE_REMIND: {
    name: { 'zh-CN': '审查机构提醒补充资料', 'en-US': 'Missing materials reminder' },
    kind: 'todo',
    // The units add what is missing; the construction unit is kept informed.
    receivers: {
      CONSTRUCT: { opens: '/sys_apply/:projectId/workingDrawing' },
      DESIGN: { opens: '/sys_submit/:projectId/workingDrawing', todo: 'docs.commit' },
      SURVEY: { opens: '/sys_submit/:projectId/reconnaissance', todo: 'docs.commit' },
    },
    settledBy: {
      DESIGN_MATERIAL_COMMIT: 'own',
      SURVEY_MATERIAL_COMMIT: 'own',
      CONSTRUCT_MATERIAL_SUBMIT: 'all',
      CENSOR_MATERIAL_ACCEPT: 'all',
      CENSOR_MATERIAL_REJECT: 'all',
      CONSTRUCT_PROJECT_REVOKE: 'all',
    },
    needsSubmittedProject: true,
    content: {
      'zh-CN': '{senderName}提醒：项目「{projectName}」缺少资料，请补充：{reason}',
      'en-US': '{senderName}: materials are missing for "{projectName}". Please add: {reason}',
    },
  },
  CENSOR_BUILDING_REJECT: {
    name: { 'zh-CN': '审查机构退回单体', 'en-US': 'Building rejected' },
    kind: 'todo',
    // Settled by submitting the building again (buildings: settleTodos with the building as target).
    receivers: {
      CONSTRUCT: { opens: '/sys_apply/:orgId/:projectId/buildingList/:targetId', todo: 'building.submit' },
      DESIGN: { opens: '/sys_submit/:projectId/buildingList/:targetId/ProjectInfo', todo: 'building.submit' },
    },
    content: {
      'zh-CN': '{senderName}退回了项目「{projectName}」的单体「{buildingName}」：{reason}',
      'en-US': '{senderName} rejected building "{buildingName}" of "{projectName}": {reason}',
    },
  },
  CENSOR_TASKING_SUBMIT: {
    name: { 'zh-CN': '审查任务分派', 'en-US': 'Review mission assigned' },
    kind: 'todo',
    // Personal: the named reviewer alone; it opens the mission (issue 19), whose detail every
    // member of the agency who sees the application reads.
    receivers: { CENSOR: { opens: '/sys_audit/:orgId/:projectId/mission/:targetId', todo: 'missions.view' } },
    personal: true,
    content: {
      'zh-CN': '您有新的审查任务：项目「{projectName}」，{specialty}，请于 {deadline} 前完成。',
      'en-US': 'New review mission: "{projectName}", {specialty}, due {deadline}.',
    },
  },
  // the next round (issue 20): the revised drawings were accepted, and the cell's reviewer of the
  // round before has its mission again, with the opinions carried into it to close or keep.
  CENSOR_RECHECK_TASKING: {
    name: { 'zh-CN': '复审任务分派', 'en-US': 'Re-review mission assigned' },
    kind: 'todo',
    receivers: { CENSOR: { opens: '/sys_audit/:orgId/:projectId/mission/:targetId', todo: 'missions.view' } },
    personal: true,
    content: {
      'zh-CN':
        '项目「{projectName}」第{round}轮复审：{buildingName} {specialty}。设计单位已回复意见并提交修改图纸，请逐条闭合或保留以前的意见。',
      'en-US':
        'Round {round} re-review of "{projectName}": {buildingName}, {specialty}. The answers and revised drawings are in; close or keep each earlier opinion.',
    },
  },
  // electronic signatures (issue 21): a signature is asked of whoever signs next, in order: each
  // reviewer of the round, then the directors, then the agency's admins for the seal. Personal,
  // and settled for everyone asked when the task is signed (its id is the target).
  CENSOR_SIGNATURE_REQUEST: {
    name: { 'zh-CN': '电子签章待签署', 'en-US': 'Signature requested' },
    kind: 'todo',
    receivers: { CENSOR: { opens: '/sys_audit/:orgId/:projectId/signature', todo: 'signatures.view' } },
    personal: true,
    content: {
      'zh-CN': '项目「{projectName}」的 {reportNo} 待您签署：{field}。请在电子签章中再次输入密码签署。',
      'en-US': '{reportNo} of "{projectName}" awaits your signature: {field}. Sign it under Electronic signatures with your password.',
    },
  },
  // opinion reports (issue 20): the round's report reaches the units (their report list, the newest
  // round on top); the clock pauses meanwhile.
  CENSOR_OPINION_REPORT_FORWARD: {
    name: { 'zh-CN': '审查意见告知', 'en-US': 'Review opinions issued' },
    kind: 'notice',
    // The design and survey units' notice leads to their work: the opinions to answer (issue 20).
    receivers: {
      CONSTRUCT: { opens: '/sys_apply/:orgId/:projectId/report' },
      DESIGN: { opens: '/sys_submit/:orgId/:projectId/answerCensorConstRes' },
      SURVEY: { opens: '/sys_submit/:orgId/:projectId/answerCensorConstRes' },
    },
    content: {
      'zh-CN':
        '{senderName}出具了项目「{projectName}」第{round}轮审查意见告知书（{reportNo}），共 {count} 条意见，请逐条回复并修改图纸。',
      'en-US':
        '{senderName} issued round {round} opinions on "{projectName}" ({reportNo}): {count} opinions to answer, with revised drawings.',
    },
  },
  // The certificate of passing review (issue 21): issued, signed and sealed, to the units, who read
  // and download it on their 电子签章 screen.
  CENSOR_CERTIFICATE_ISSUED: {
    name: { 'zh-CN': '审查合格书签发', 'en-US': 'Certificate issued' },
    kind: 'notice',
    receivers: {
      CONSTRUCT: { opens: '/sys_apply/:orgId/:projectId/signature' },
      DESIGN: { opens: '/sys_submit/:orgId/:projectId/signature' },
      SURVEY: { opens: '/sys_submit/:orgId/:projectId/signature' },
    },
    content: {
      'zh-CN': '{senderName}：项目「{projectName}」的施工图设计文件审查合格书（{certificateNo}）已签发，可在电子签章中查看、下载和核验。',
      'en-US':
        '{senderName}: the certificate of passing review of "{projectName}" ({certificateNo}) is issued; read, download and check it under Electronic signatures.',
    },
  },
  CENSOR_REVIEW_PASSED: {
    name: { 'zh-CN': '施工图审查合格', 'en-US': 'Drawings passed review' },
    kind: 'notice',
    receivers: {
      CONSTRUCT: { opens: '/sys_apply/:orgId/:projectId/report' },
      DESIGN: { opens: '/sys_submit/:orgId/:projectId/report' },
      SURVEY: { opens: '/sys_submit/:orgId/:projectId/report' },
    },
    content: {
      'zh-CN':
        '{senderName}：项目「{projectName}」第{round}轮审查无未关闭意见，审查合格（{reportNo}），即将出具审查合格书。',
      'en-US':
        '{senderName}: "{projectName}" has no open opinion after round {round} and passed review ({reportNo}); the certificate follows.',
    },
  },
  // bad actions (issue 19): the unit is told once the supervising authority confirms one.
  CONTROL_BAD_ACTION_CONFIRM: {
    name: { 'zh-CN': '不良行为已确认', 'en-US': 'Bad action confirmed' },
    kind: 'notice',
    receivers: {
      CONSTRUCT: { opens: '/sys_apply/reportdetail/:projectId' },
      DESIGN: { opens: '/sys_submit/reportdetail/:projectId' },
      SURVEY: { opens: '/sys_submit/reportdetail/:projectId' },
    },
    content: {
      'zh-CN':
        '{senderName}确认了本单位在项目「{projectName}」中的不良行为：{reason}。该记录已在门户网站信用信息中公布。',
      'en-US':
        '{senderName} confirmed a bad action of your organisation in "{projectName}": {reason}. It is published in the portal’s credit information.',
    },
  },
  PLATFORM_REGISTRATION_APPROVE: {
    name: { 'zh-CN': '注册申请已通过', 'en-US': 'Registration approved' },
    kind: 'notice',
    receivers: {
      CONSTRUCT: { opens: '/sys_apply/admin/user/:orgId' },
      DESIGN: { opens: '/sys_submit/admin/user/:orgId' },
      SURVEY: { opens: '/sys_submit/admin/user/:orgId' },
      CENSOR: { opens: '/sys_audit/admin/user/:orgId' },
    },
    content: {
      'zh-CN': '「{orgName}」的注册申请已通过审核，欢迎使用平台。请在企业后台添加本单位人员。',
      'en-US':
        'The registration of "{orgName}" was approved. Welcome! Add your colleagues in the back office.',
    },
  },
  ACCOUNT_PASSWORD_RESET_REQUEST: {
    name: { 'zh-CN': '忘记密码', 'en-US': 'Forgotten password' },
    kind: 'todo',
    // The admins issue a one-time password from the back office (no e-mail or SMS here); issuing
    // it settles the to-do. A joint-review body has no back office screen: its people's passwords
    // are reset by the system administrator.
    receivers: {
      CONSTRUCT: { opens: '/sys_apply/admin/user/:orgId', todo: 'org.admin' },
      DESIGN: { opens: '/sys_submit/admin/user/:orgId', todo: 'org.admin' },
      SURVEY: { opens: '/sys_submit/admin/user/:orgId', todo: 'org.admin' },
      CENSOR: { opens: '/sys_audit/admin/user/:orgId', todo: 'org.admin' },
      CONTROL: { opens: '/sys_supervise/admin/user/:orgId', todo: 'org.admin' },
    },
    content: {
      'zh-CN': '{senderName}忘记了密码，请在人员管理中为其生成一次性密码并告知本人。',
      'en-US': '{senderName} forgot the password. Issue a one-time password in People and pass it on.',
    },
  },
} as const satisfies Record<string, MessageTypeDefinition>;
export type MessageType = keyof typeof MESSAGE_TYPES;
export const MESSAGE_TYPE_KEYS = Object.keys(MESSAGE_TYPES) as [MessageType, ...MessageType[]];

const definition = (type: MessageType): MessageTypeDefinition => MESSAGE_TYPES[type];

/** Which message types each org type receives; an org type with none has no to-do popover. */
export const MESSAGE_TYPES_BY_ORG_TYPE: Record<OrgType, readonly MessageType[]> = {
  CONSTRUCT: receivedBy('CONSTRUCT'),
  DESIGN: receivedBy('DESIGN'),
  SURVEY: receivedBy('SURVEY'),
  CENSOR: receivedBy('CENSOR'),
  CONTROL: receivedBy('CONTROL'),
  JOINTTRIAL: receivedBy('JOINTTRIAL'),
};

function receivedBy(orgType: OrgType): MessageType[] {
  return MESSAGE_TYPE_KEYS.filter((type) => definition(type).receivers[orgType] !== undefined);
}

export function messageTypeName(type: MessageType, locale: Locale): string {
  return definition(type).name[locale];
}

/** A member as addressing reads it: its organisation's type, its admin flag and its profiles. */
export interface MessageMember {
  orgType: OrgType;
  admin: boolean;
  profiles: readonly string[];
}

/**
 * Whether the member may do what a to-do asks. A project action is answered by the project
 * policy's `who` for the part the member's organisation plays (it receives the message because it
 * takes part), so the policy table stays the one place that says who may do what.
 */
export function mayAct(action: MessageAction, member: MessageMember): boolean {
  if (action === 'org.admin') return member.admin;
  return PROJECT_POLICY[action].who({
    part: partOf(member.orgType),
    admin: member.admin,
    profiles: member.profiles,
  });
}

/** `todo` when the type asks this org type for an action, else `notice`. */
export function messageKind(type: MessageType, orgType: OrgType): 'todo' | 'notice' {
  return definition(type).receivers[orgType]?.todo ? 'todo' : 'notice';
}

/**
 * The types a member is told of, split by what they are to it: to-dos whose action it may do, and
 * notices. A to-do it may not act on is not addressed to it (a reviewer is not asked to accept).
 */
export function addressedTypes(member: MessageMember): { todo: MessageType[]; notice: MessageType[] } {
  const todo: MessageType[] = [];
  const notice: MessageType[] = [];
  for (const type of MESSAGE_TYPES_BY_ORG_TYPE[member.orgType]) {
    const action = definition(type).receivers[member.orgType]?.todo;
    if (!action) notice.push(type);
    else if (mayAct(action, member)) todo.push(type);
  }
  return { todo, notice };
}

/**
 * The open to-do types a new message of `type` settles, each with its reach (`own`: only the to-do
 * of the organisation that sends it; `all`: every receiver's).
 */
export function settledByMessage(type: MessageType): { type: MessageType; reach: Settlement }[] {
  return MESSAGE_TYPE_KEYS.flatMap((todo) => {
    const reach = definition(todo).settledBy?.[type];
    return reach ? [{ type: todo, reach }] : [];
  });
}

/** The org types for which `type` is a to-do (its notices are never settled). */
export function todoOrgTypes(type: MessageType): OrgType[] {
  return (Object.entries(definition(type).receivers) as [OrgType, MessageReceiver][])
    .filter(([, r]) => r.todo !== undefined)
    .map(([orgType]) => orgType);
}

export function isPersonalMessage(type: MessageType): boolean {
  return definition(type).personal === true;
}

export function needsSubmittedProject(type: MessageType): boolean {
  return definition(type).needsSubmittedProject === true;
}

/** Values a message's text is filled from; all optional, a missing one reads as empty. */
export type MessageParams = Partial<
  Record<
    | 'senderName'
    | 'orgName'
    | 'projectName'
    | 'buildingName'
    | 'reason'
    | 'specialty'
    | 'deadline'
    // opinion reports (issue 20)
    | 'round'
    | 'reportNo'
    | 'count'
    // electronic signatures (issue 21): the signature asked for; the certificate's number
    | 'field'
    | 'certificateNo',
    string
  >
>;

export function renderMessageContent(type: MessageType, params: MessageParams, locale: Locale): string {
  return definition(type).content[locale].replace(
    /\{(\w+)\}/g,
    (_, key: string) => params[key as keyof MessageParams] ?? '',
  );
}

/**
 * The screen a message opens for the receiving organisation, or null when that org type does not
 * receive the type or the message lacks a value the path needs.
 */
export function messageScreen(
  message: { type: MessageType; orgId: string; projectId: string | null; targetId: string | null },
  orgType: OrgType,
): string | null {
  const template = definition(message.type).receivers[orgType]?.opens;
  if (!template) return null;
  const values: Record<string, string | null> = {
    orgId: message.orgId,
    projectId: message.projectId,
    targetId: message.targetId,
  };
  let missing = false;
  const path = template.replace(/:(\w+)/g, (_, key: string) => {
    const value = values[key];
    if (!value) missing = true;
    return encodeURIComponent(value ?? '');
  });
  return missing ? null : path;
}
