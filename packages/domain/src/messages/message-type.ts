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
 *
 * The text of each type is in message-content.ts: only the server renders it, so the browser's
 * first bundle (which reads this table for the routes and the bell) does not carry every text.
 */
export interface MessageTypeDefinition {
  name: Texts;
  kind: 'todo' | 'notice';
  receivers: Partial<Record<OrgType, MessageReceiver>>;
  /** Keyed by message type (checked by message-type.test.ts: the table cannot name its own keys' type). */
  settledBy?: Readonly<Record<string, Settlement>>;
  personal?: boolean;
  needsSubmittedProject?: boolean;
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
  },
  DESIGN_MATERIAL_COMMIT: {
    name: { 'zh-CN': '设计单位提交资料', 'en-US': 'Design materials committed' },
    kind: 'todo',
    receivers: { CONSTRUCT: { opens: '/sys_apply/:projectId/workingDrawing', todo: 'docs.send' } },
    settledBy: { CONSTRUCT_MATERIAL_SUBMIT: 'own', CONSTRUCT_PROJECT_REVOKE: 'all' },
  },
  SURVEY_MATERIAL_COMMIT: {
    name: { 'zh-CN': '勘察单位提交资料', 'en-US': 'Survey materials committed' },
    kind: 'todo',
    receivers: { CONSTRUCT: { opens: '/sys_apply/:projectId/reconnaissance', todo: 'docs.send' } },
    settledBy: { CONSTRUCT_MATERIAL_SUBMIT: 'own', CONSTRUCT_PROJECT_REVOKE: 'all' },
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
  },
  CENSOR_MATERIAL_ACCEPT: {
    name: { 'zh-CN': '审查机构受理资料', 'en-US': 'Materials accepted' },
    kind: 'notice',
    receivers: {
      CONSTRUCT: { opens: '/sys_apply/reportdetail/:projectId' },
      DESIGN: { opens: '/sys_submit/reportdetail/:projectId' },
      SURVEY: { opens: '/sys_submit/reportdetail/:projectId' },
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
  },
  CENSOR_BUILDING_REJECT: {
    name: { 'zh-CN': '审查机构退回单体', 'en-US': 'Building rejected' },
    kind: 'todo',
    // Settled by submitting the building again (buildings: settleTodos with the building as target).
    receivers: {
      CONSTRUCT: { opens: '/sys_apply/:orgId/:projectId/buildingList/:targetId', todo: 'building.submit' },
      DESIGN: { opens: '/sys_submit/:projectId/buildingList/:targetId/ProjectInfo', todo: 'building.submit' },
    },
  },
  CENSOR_TASKING_SUBMIT: {
    name: { 'zh-CN': '审查任务分派', 'en-US': 'Review mission assigned' },
    kind: 'todo',
    // Personal: the named reviewer alone; it opens the mission (issue 19), whose detail every
    // member of the agency who sees the application reads.
    receivers: { CENSOR: { opens: '/sys_audit/:orgId/:projectId/mission/:targetId', todo: 'missions.view' } },
    personal: true,
  },
  // the next round (issue 20): the revised drawings were accepted, and the cell's reviewer of the
  // round before has its mission again, with the opinions carried into it to close or keep.
  CENSOR_RECHECK_TASKING: {
    name: { 'zh-CN': '复审任务分派', 'en-US': 'Re-review mission assigned' },
    kind: 'todo',
    receivers: { CENSOR: { opens: '/sys_audit/:orgId/:projectId/mission/:targetId', todo: 'missions.view' } },
    personal: true,
  },
  // electronic signatures (issue 21): a signature is asked of whoever signs next, in order: each
  // reviewer of the round, then the directors, then the agency's admins for the seal. Personal,
  // and settled for everyone asked when the task is signed (its id is the target).
  CENSOR_SIGNATURE_REQUEST: {
    name: { 'zh-CN': '电子签章待签署', 'en-US': 'Signature requested' },
    kind: 'todo',
    receivers: { CENSOR: { opens: '/sys_audit/:orgId/:projectId/signature', todo: 'signatures.view' } },
    personal: true,
  },
  // The agency's office (issue 21's whole story): each step after the missions is a to-do of
  // those who may take it, so the application never waits on someone remembering. Every mission of
  // the round accepted: the report is to be compiled (settled by compiling it).
  CENSOR_ROUND_REVIEWED: {
    name: { 'zh-CN': '审查任务已全部完成', 'en-US': 'Round reviewed' },
    kind: 'todo',
    receivers: { CENSOR: { opens: '/sys_audit/:orgId/:projectId/report', todo: 'report.compile' } },
  },
  // Every signature is on the report: it is to be forwarded to the units (settled by forwarding).
  CENSOR_REPORT_SIGNED: {
    name: { 'zh-CN': '告知书已签章待送达', 'en-US': 'Report signed' },
    kind: 'todo',
    // The report list, where the signed report leads and is forwarded from its detail.
    receivers: { CENSOR: { opens: '/sys_audit/:orgId/:projectId/report', todo: 'report.forward' } },
  },
  // The review passed: the certificate is to be compiled (settled by compiling it).
  CENSOR_CERTIFICATE_DUE: {
    name: { 'zh-CN': '待出具审查合格书', 'en-US': 'Certificate to compile' },
    kind: 'todo',
    receivers: {
      CENSOR: { opens: '/sys_audit/:orgId/:projectId/certification', todo: 'certificate.compile' },
    },
  },
  // Every signature is on the certificate: it is to be issued (settled by issuing it).
  CENSOR_CERTIFICATE_SIGNED: {
    name: { 'zh-CN': '合格书已签章待签发', 'en-US': 'Certificate signed' },
    kind: 'todo',
    // The certificate screen, where the signed certificate is viewed and issued.
    receivers: { CENSOR: { opens: '/sys_audit/:orgId/:projectId/certification', todo: 'certificate.issue' } },
  },
  // Issued: it is to be filed with the authority by the due day (settled by filing it).
  CENSOR_FILING_DUE: {
    name: { 'zh-CN': '审查合格书待备案', 'en-US': 'Certificate to file' },
    kind: 'todo',
    receivers: { CENSOR: { opens: '/sys_audit/:orgId/:projectId/filing', todo: 'filing.file' } },
    settledBy: { CENSOR_FILING_SUBMIT: 'own' },
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
  },
  // The sealed drawing set (issue 21): every sheet carries every signature; the units read and
  // download the sealed sheets on their 电子签章 screen.
  CENSOR_DRAWING_SET_SEALED: {
    name: { 'zh-CN': '施工图签章完成', 'en-US': 'Drawing set sealed' },
    kind: 'notice',
    receivers: {
      CONSTRUCT: { opens: '/sys_apply/:orgId/:projectId/signature' },
      DESIGN: { opens: '/sys_submit/:orgId/:projectId/signature' },
      SURVEY: { opens: '/sys_submit/:orgId/:projectId/signature' },
    },
  },
  // Revoked after issue (issue 21): the units are told why, on the screen where they read it.
  CENSOR_CERTIFICATE_REVOKED: {
    name: { 'zh-CN': '审查合格书撤销', 'en-US': 'Certificate revoked' },
    kind: 'notice',
    receivers: {
      CONSTRUCT: { opens: '/sys_apply/:orgId/:projectId/signature' },
      DESIGN: { opens: '/sys_submit/:orgId/:projectId/signature' },
      SURVEY: { opens: '/sys_submit/:orgId/:projectId/signature' },
    },
  },
  // Filing (issue 21): the authority of the region is asked to confirm; the agency is told the
  // answer (a rejection is its to-do: correct and file again).
  CENSOR_FILING_SUBMIT: {
    name: { 'zh-CN': '审查备案待确认', 'en-US': 'Filing to confirm' },
    kind: 'todo',
    // The list of what waits for the authority, this filing among it (approval/tbc).
    receivers: { CONTROL: { opens: '/sys_supervise/approval/tbc', todo: 'filing.decide' } },
  },
  CONTROL_FILING_CONFIRMED: {
    name: { 'zh-CN': '审查备案已确认', 'en-US': 'Filing confirmed' },
    kind: 'notice',
    receivers: { CENSOR: { opens: '/sys_audit/:orgId/:projectId/filing' } },
  },
  CONTROL_FILING_REJECTED: {
    name: { 'zh-CN': '审查备案被退回', 'en-US': 'Filing rejected' },
    kind: 'todo',
    receivers: { CENSOR: { opens: '/sys_audit/:orgId/:projectId/filing', todo: 'filing.file' } },
  },
  CENSOR_REVIEW_PASSED: {
    name: { 'zh-CN': '施工图审查合格', 'en-US': 'Drawings passed review' },
    kind: 'notice',
    receivers: {
      CONSTRUCT: { opens: '/sys_apply/:orgId/:projectId/report' },
      DESIGN: { opens: '/sys_submit/:orgId/:projectId/report' },
      SURVEY: { opens: '/sys_submit/:orgId/:projectId/report' },
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
    // electronic signatures (issue 21): the signature asked for; the certificate's number; the
    // kind of document signed (SignedDocumentKind, named in the reader's language as {document})
    | 'field'
    | 'certificateNo'
    | 'documentKind',
    string
  >
>;

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
