import type { OrgType } from '../orgs/org-type.js';

/**
 * Message types and the org types that receive them (spec §3). The names follow the pattern
 * `<SENDER>_<EVENT>`: the org that caused the message, then what happened.
 */
export const MESSAGE_TYPES = {
  CONSTRUCT_PROJECT_SUBMIT: { 'zh-CN': '建设单位提交报审', 'en-US': 'Application submitted' },
  CONSTRUCT_PROJECT_REVOKE: { 'zh-CN': '建设单位撤回报审', 'en-US': 'Application recalled' },
  CONSTRUCT_MATERIAL_SUBMIT: { 'zh-CN': '建设单位送审资料', 'en-US': 'Materials sent to review' },
  DESIGN_MATERIAL_COMMIT: { 'zh-CN': '设计单位提交资料', 'en-US': 'Design materials committed' },
  SURVEY_MATERIAL_COMMIT: { 'zh-CN': '勘察单位提交资料', 'en-US': 'Survey materials committed' },
  CENSOR_MATERIAL_REJECT: { 'zh-CN': '审查机构退回资料', 'en-US': 'Materials returned' },
  CENSOR_ABSENCE_REMIND: { 'zh-CN': '审查机构提醒补充资料', 'en-US': 'Missing materials reminder' },
  CENSOR_BUILDING_REJECT: { 'zh-CN': '审查机构退回单体', 'en-US': 'Building rejected' },
  CENSOR_MATERIAL_ACCEPT: { 'zh-CN': '审查机构受理资料', 'en-US': 'Materials accepted' },
  CENSOR_TASKING_SUBMIT: { 'zh-CN': '审查任务分派', 'en-US': 'Review mission assigned' },
  CENSOR_OPINION_ISSUE: { 'zh-CN': '审查意见告知', 'en-US': 'Review opinions issued' },
  CENSOR_CERTIFICATION_ISSUE: { 'zh-CN': '审查合格书出具', 'en-US': 'Certificate issued' },
  DESIGN_OPINION_ANSWER: { 'zh-CN': '设计单位回复意见', 'en-US': 'Opinions answered' },
  CONTROL_FILING_CONFIRM: { 'zh-CN': '主管部门确认备案', 'en-US': 'Filing confirmed' },
  CONTROL_FILING_REJECT: { 'zh-CN': '主管部门退回备案', 'en-US': 'Filing rejected' },
} as const;
export type MessageType = keyof typeof MESSAGE_TYPES;

/** Which message types each org type receives; an org type with none has no to-do popover. */
export const MESSAGE_TYPES_BY_ORG_TYPE: Record<OrgType, readonly MessageType[]> = {
  CONSTRUCT: [
    'DESIGN_MATERIAL_COMMIT',
    'SURVEY_MATERIAL_COMMIT',
    'CENSOR_MATERIAL_REJECT',
    'CENSOR_ABSENCE_REMIND',
    'CENSOR_BUILDING_REJECT',
    'CENSOR_MATERIAL_ACCEPT',
    'CENSOR_OPINION_ISSUE',
    'CENSOR_CERTIFICATION_ISSUE',
  ],
  DESIGN: [
    'CONSTRUCT_PROJECT_SUBMIT',
    'CONSTRUCT_PROJECT_REVOKE',
    'CENSOR_MATERIAL_REJECT',
    'CENSOR_ABSENCE_REMIND',
    'CENSOR_BUILDING_REJECT',
    'CENSOR_OPINION_ISSUE',
  ],
  SURVEY: [
    'CONSTRUCT_PROJECT_SUBMIT',
    'CONSTRUCT_PROJECT_REVOKE',
    'CENSOR_MATERIAL_REJECT',
    'CENSOR_ABSENCE_REMIND',
    'CENSOR_OPINION_ISSUE',
  ],
  CENSOR: [
    'CONSTRUCT_MATERIAL_SUBMIT',
    'CONSTRUCT_PROJECT_REVOKE',
    'CENSOR_TASKING_SUBMIT',
    'DESIGN_OPINION_ANSWER',
  ],
  CONTROL: [],
  JOINTTRIAL: [],
};
