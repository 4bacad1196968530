import type { Locale } from '../errors/error-codes.js';
import type { OrgType } from '../orgs/org-type.js';

type Texts = Record<Locale, string>;

/**
 * One kind of hand-over message (spec §3, completed from the lifecycle in the domain guide).
 * - `receivers`: the org types told, each with the screen the message opens. The screen is a route
 *   path where `:orgId` is the receiving organisation, `:projectId` the message's project and
 *   `:targetId` the record it is about (a building, a mission, an opinion report...).
 * - `personal`: delivered to one named member of the receiving organisation (a reviewer's mission),
 *   not to everyone in it.
 * - `needsSubmittedProject`: the message asks a design or survey unit to work on a submitted
 *   application; once the application is recalled it is out of date ("消息已失效！", spec §5).
 * - `content`: the text, with `{name}` placeholders filled from the message's parameters.
 */
export interface MessageTypeDefinition {
  name: Texts;
  receivers: Partial<Record<OrgType, string>>;
  personal?: boolean;
  needsSubmittedProject?: boolean;
  content: Texts;
}

/**
 * Every message type. Names follow `<SENDER>_<EVENT>`: the org type (or the platform) that caused
 * the message, then what happened.
 */
export const MESSAGE_TYPES = {
  CONSTRUCT_PROJECT_SUBMIT: {
    name: { 'zh-CN': '建设单位提交报审', 'en-US': 'Application submitted' },
    receivers: {
      DESIGN: '/sys_submit/reportdetail/:projectId',
      SURVEY: '/sys_submit/reportdetail/:projectId',
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
    // A recalled application is hidden from the units again, so the message opens their list.
    receivers: {
      DESIGN: '/sys_submit/projects',
      SURVEY: '/sys_submit/projects',
      CENSOR: '/sys_audit/projects',
    },
    content: {
      'zh-CN': '{senderName}已撤回项目「{projectName}」的报审。',
      'en-US': '{senderName} recalled the application for "{projectName}".',
    },
  },
  DESIGN_MATERIAL_COMMIT: {
    name: { 'zh-CN': '设计单位提交资料', 'en-US': 'Design materials committed' },
    receivers: { CONSTRUCT: '/sys_apply/:projectId/workingDrawing' },
    content: {
      'zh-CN': '{senderName}已提交项目「{projectName}」的施工图，请确认后送审。',
      'en-US':
        '{senderName} committed the drawings for "{projectName}". Please check them and send them to review.',
    },
  },
  SURVEY_MATERIAL_COMMIT: {
    name: { 'zh-CN': '勘察单位提交资料', 'en-US': 'Survey materials committed' },
    receivers: { CONSTRUCT: '/sys_apply/:projectId/reconnaissance' },
    content: {
      'zh-CN': '{senderName}已提交项目「{projectName}」的勘察文件，请确认后送审。',
      'en-US':
        '{senderName} committed the survey report for "{projectName}". Please check it and send it to review.',
    },
  },
  CONSTRUCT_MATERIAL_SUBMIT: {
    name: { 'zh-CN': '建设单位送审资料', 'en-US': 'Materials sent to review' },
    receivers: { CENSOR: '/sys_audit/:orgId/:projectId/workingDrawingList' },
    content: {
      'zh-CN': '{senderName}已将项目「{projectName}」的资料送审，请查收并受理。',
      'en-US': '{senderName} sent the materials of "{projectName}" to review. Please check and accept them.',
    },
  },
  CENSOR_MATERIAL_ACCEPT: {
    name: { 'zh-CN': '审查机构受理资料', 'en-US': 'Materials accepted' },
    receivers: {
      CONSTRUCT: '/sys_apply/reportdetail/:projectId',
      DESIGN: '/sys_submit/reportdetail/:projectId',
      SURVEY: '/sys_submit/reportdetail/:projectId',
    },
    content: {
      'zh-CN': '{senderName}已受理项目「{projectName}」的资料，审查开始。',
      'en-US': '{senderName} accepted the materials of "{projectName}"; the review has begun.',
    },
  },
  CENSOR_MATERIAL_REJECT: {
    name: { 'zh-CN': '审查机构退回资料', 'en-US': 'Materials returned' },
    receivers: {
      CONSTRUCT: '/sys_apply/:projectId/workingDrawing',
      DESIGN: '/sys_submit/:projectId/workingDrawing',
      SURVEY: '/sys_submit/:projectId/reconnaissance',
    },
    needsSubmittedProject: true,
    content: {
      'zh-CN': '{senderName}退回了项目「{projectName}」的资料：{reason}',
      'en-US': '{senderName} returned the materials of "{projectName}": {reason}',
    },
  },
  CENSOR_ABSENCE_REMIND: {
    name: { 'zh-CN': '审查机构提醒补充资料', 'en-US': 'Missing materials reminder' },
    receivers: {
      CONSTRUCT: '/sys_apply/:projectId/workingDrawing',
      DESIGN: '/sys_submit/:projectId/workingDrawing',
      SURVEY: '/sys_submit/:projectId/reconnaissance',
    },
    needsSubmittedProject: true,
    content: {
      'zh-CN': '{senderName}提醒：项目「{projectName}」缺少资料，请补充：{reason}',
      'en-US': '{senderName}: materials are missing for "{projectName}". Please add: {reason}',
    },
  },
  CENSOR_BUILDING_REJECT: {
    name: { 'zh-CN': '审查机构退回单体', 'en-US': 'Building rejected' },
    receivers: {
      CONSTRUCT: '/sys_apply/:orgId/:projectId/buildingList/:targetId',
      DESIGN: '/sys_submit/:projectId/buildingList',
    },
    content: {
      'zh-CN': '{senderName}退回了项目「{projectName}」的单体「{buildingName}」：{reason}',
      'en-US': '{senderName} rejected building "{buildingName}" of "{projectName}": {reason}',
    },
  },
  CENSOR_TASKING_SUBMIT: {
    name: { 'zh-CN': '审查任务分派', 'en-US': 'Review mission assigned' },
    receivers: { CENSOR: '/sys_audit/:orgId/:projectId/mission/:targetId' },
    personal: true,
    content: {
      'zh-CN': '您有新的审查任务：项目「{projectName}」，{specialty}，请于 {deadline} 前完成。',
      'en-US': 'New review mission: "{projectName}", {specialty}, due {deadline}.',
    },
  },
  CENSOR_OPINION_ISSUE: {
    name: { 'zh-CN': '审查意见告知', 'en-US': 'Review opinions issued' },
    receivers: {
      CONSTRUCT: '/sys_apply/:orgId/:projectId/report',
      DESIGN: '/sys_submit/:orgId/:projectId/report',
      SURVEY: '/sys_submit/:orgId/:projectId/report',
    },
    content: {
      'zh-CN': '{senderName}已出具项目「{projectName}」的审查意见告知书，请查看并回复。',
      'en-US': '{senderName} issued the review opinions on "{projectName}". Please read and answer them.',
    },
  },
  DESIGN_OPINION_ANSWER: {
    name: { 'zh-CN': '设计单位回复意见', 'en-US': 'Opinions answered (design)' },
    receivers: { CENSOR: '/sys_audit/:orgId/:projectId/answerCensorConstRes' },
    content: {
      'zh-CN': '{senderName}已回复项目「{projectName}」的审查意见并提交修改后的图纸。',
      'en-US': '{senderName} answered the opinions on "{projectName}" and submitted revised drawings.',
    },
  },
  SURVEY_OPINION_ANSWER: {
    name: { 'zh-CN': '勘察单位回复意见', 'en-US': 'Opinions answered (survey)' },
    receivers: { CENSOR: '/sys_audit/:orgId/:projectId/answerCensorConstRes' },
    content: {
      'zh-CN': '{senderName}已回复项目「{projectName}」的勘察审查意见。',
      'en-US': '{senderName} answered the survey opinions on "{projectName}".',
    },
  },
  CENSOR_CERTIFICATION_ISSUE: {
    name: { 'zh-CN': '审查合格书出具', 'en-US': 'Certificate issued' },
    receivers: {
      CONSTRUCT: '/sys_apply/reportdetail/:projectId',
      DESIGN: '/sys_submit/reportdetail/:projectId',
      SURVEY: '/sys_submit/reportdetail/:projectId',
    },
    content: {
      'zh-CN': '项目「{projectName}」已通过审查，{senderName}已出具审查合格书。',
      'en-US': '"{projectName}" passed review; {senderName} issued the certificate.',
    },
  },
  CENSOR_FILING_SUBMIT: {
    name: { 'zh-CN': '审查结果报备', 'en-US': 'Filing submitted' },
    receivers: { CONTROL: '/sys_supervise/approval/tbc' },
    content: {
      'zh-CN': '{senderName}报备了项目「{projectName}」的审查结果，请确认。',
      'en-US': '{senderName} filed the review result of "{projectName}". Please confirm it.',
    },
  },
  CONTROL_FILING_CONFIRM: {
    name: { 'zh-CN': '主管部门确认备案', 'en-US': 'Filing confirmed' },
    receivers: {
      CENSOR: '/sys_audit/:orgId/:projectId/filing',
      CONSTRUCT: '/sys_apply/reportdetail/:projectId',
    },
    content: {
      'zh-CN': '{senderName}已确认项目「{projectName}」的备案。',
      'en-US': '{senderName} confirmed the filing of "{projectName}".',
    },
  },
  CONTROL_FILING_REJECT: {
    name: { 'zh-CN': '主管部门退回备案', 'en-US': 'Filing rejected' },
    receivers: { CENSOR: '/sys_audit/:orgId/:projectId/filing' },
    content: {
      'zh-CN': '{senderName}退回了项目「{projectName}」的备案：{reason}',
      'en-US': '{senderName} rejected the filing of "{projectName}": {reason}',
    },
  },
  PLATFORM_REGISTRATION_APPROVE: {
    name: { 'zh-CN': '注册申请已通过', 'en-US': 'Registration approved' },
    receivers: {
      CONSTRUCT: '/sys_apply/admin/user/:orgId',
      DESIGN: '/sys_submit/admin/user/:orgId',
      SURVEY: '/sys_submit/admin/user/:orgId',
      CENSOR: '/sys_audit/admin/user/:orgId',
    },
    content: {
      'zh-CN': '「{orgName}」的注册申请已通过审核，欢迎使用平台。请在企业后台添加本单位人员。',
      'en-US':
        'The registration of "{orgName}" was approved. Welcome! Add your colleagues in the back office.',
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

export function isPersonalMessage(type: MessageType): boolean {
  return definition(type).personal === true;
}

export function needsSubmittedProject(type: MessageType): boolean {
  return definition(type).needsSubmittedProject === true;
}

/** Values a message's text is filled from; all optional, a missing one reads as empty. */
export type MessageParams = Partial<
  Record<
    'senderName' | 'orgName' | 'projectName' | 'buildingName' | 'reason' | 'specialty' | 'deadline',
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
  const template = definition(message.type).receivers[orgType];
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
