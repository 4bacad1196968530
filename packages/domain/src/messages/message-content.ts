import type { Locale } from '../errors/error-codes.js';
import { SIGNED_DOCUMENT_KINDS, type SignedDocumentKind } from '../signatures/signature-contracts.js';
import type { MessageParams, MessageType } from './message-type.js';

/**
 * The text of each message type (MESSAGE_TYPES), with `{name}` placeholders filled from the
 * message's parameters. Apart from the table because only the server renders messages: the
 * browser's first bundle reads MESSAGE_TYPES (routes, the bell) and need not carry every text.
 */
export const MESSAGE_CONTENT: Record<MessageType, Record<Locale, string>> = {
  CONSTRUCT_PROJECT_SUBMIT: {
    'zh-CN': '{senderName}已提交项目「{projectName}」的报审，请上传并提交本单位的资料。',
    'en-US':
      '{senderName} submitted the application for "{projectName}". Please upload and commit your materials.',
  },
  CONSTRUCT_PROJECT_REVOKE: {
    'zh-CN': '{senderName}已撤回项目「{projectName}」的报审。',
    'en-US': '{senderName} recalled the application for "{projectName}".',
  },
  DESIGN_MATERIAL_COMMIT: {
    'zh-CN': '{senderName}已提交项目「{projectName}」的施工图，请确认后送审。',
    'en-US':
      '{senderName} committed the drawings for "{projectName}". Please check them and send them to review.',
  },
  SURVEY_MATERIAL_COMMIT: {
    'zh-CN': '{senderName}已提交项目「{projectName}」的勘察文件，请确认后送审。',
    'en-US':
      '{senderName} committed the survey report for "{projectName}". Please check it and send it to review.',
  },
  CONSTRUCT_MATERIAL_SUBMIT: {
    'zh-CN': '{senderName}已将项目「{projectName}」的资料送审，请查收并受理。',
    'en-US': '{senderName} sent the materials of "{projectName}" to review. Please check and accept them.',
  },
  CENSOR_MATERIAL_ACCEPT: {
    'zh-CN': '{senderName}已受理项目「{projectName}」的资料，审查开始。',
    'en-US': '{senderName} accepted the materials of "{projectName}"; the review has begun.',
  },
  CENSOR_MATERIAL_REJECT: {
    'zh-CN': '{senderName}退回了项目「{projectName}」的资料：{reason}',
    'en-US': '{senderName} returned the materials of "{projectName}": {reason}',
  },
  CENSOR_ABSENCE_REMIND: {
    'zh-CN': '{senderName}提醒：项目「{projectName}」缺少资料，请补充：{reason}',
    'en-US': '{senderName}: materials are missing for "{projectName}". Please add: {reason}',
  },
  CENSOR_BUILDING_REJECT: {
    'zh-CN': '{senderName}退回了项目「{projectName}」的单体「{buildingName}」：{reason}',
    'en-US': '{senderName} rejected building "{buildingName}" of "{projectName}": {reason}',
  },
  CENSOR_TASKING_SUBMIT: {
    'zh-CN': '您有新的审查任务：项目「{projectName}」，{specialty}，请于 {deadline} 前完成。',
    'en-US': 'New review mission: "{projectName}", {specialty}, due {deadline}.',
  },
  CENSOR_RECHECK_TASKING: {
    'zh-CN':
      '项目「{projectName}」第{round}轮复审：{buildingName} {specialty}。设计单位已回复意见并提交修改图纸，请逐条闭合或保留以前的意见。',
    'en-US':
      'Round {round} re-review of "{projectName}": {buildingName}, {specialty}. The answers and revised drawings are in; close or keep each earlier opinion.',
  },
  CENSOR_SIGNATURE_REQUEST: {
    'zh-CN': '项目「{projectName}」的{document}（{reportNo}）待您签署：{field}。请在电子签章中再次输入密码签署。',
    'en-US':
      '{document} {reportNo} of "{projectName}" awaits your signature: {field}. Sign it under Electronic signatures with your password.',
  },
  CENSOR_OPINION_REPORT_FORWARD: {
    'zh-CN':
      '{senderName}出具了项目「{projectName}」第{round}轮审查意见告知书（{reportNo}），共 {count} 条意见，请逐条回复并修改图纸。',
    'en-US':
      '{senderName} issued round {round} opinions on "{projectName}" ({reportNo}): {count} opinions to answer, with revised drawings.',
  },
  CENSOR_CERTIFICATE_ISSUED: {
    'zh-CN':
      '{senderName}：项目「{projectName}」的施工图设计文件审查合格书（{certificateNo}）已签发，可在电子签章中查看、下载和核验。',
    'en-US':
      '{senderName}: the certificate of passing review of "{projectName}" ({certificateNo}) is issued; read, download and check it under Electronic signatures.',
  },
  CENSOR_CERTIFICATE_REVOKED: {
    'zh-CN':
      '{senderName}撤销了项目「{projectName}」的审查合格书（{certificateNo}），原因：{reason}。该合格书不再有效。',
    'en-US':
      '{senderName} revoked the certificate of "{projectName}" ({certificateNo}): {reason}. It is no longer valid.',
  },
  CENSOR_ROUND_REVIEWED: {
    'zh-CN': '项目「{projectName}」第{round}轮的审查任务均已审核通过，请编制审查意见告知书。',
    'en-US': 'Every mission of round {round} of "{projectName}" is accepted. Compile the opinion report.',
  },
  CENSOR_REPORT_SIGNED: {
    'zh-CN': '项目「{projectName}」的审查意见告知书（{reportNo}）已全部签章，请送达建设、设计、勘察单位。',
    'en-US': 'Every signature is on {reportNo} of "{projectName}". Forward it to the units.',
  },
  CENSOR_CERTIFICATE_DUE: {
    'zh-CN': '项目「{projectName}」已审查合格（{reportNo}），请编制审查合格书。',
    'en-US': '"{projectName}" passed review ({reportNo}). Compile its certificate.',
  },
  CENSOR_CERTIFICATE_SIGNED: {
    'zh-CN': '项目「{projectName}」的审查合格书（{certificateNo}）已全部签章，请签发。',
    'en-US': 'Every signature is on the certificate {certificateNo} of "{projectName}". Issue it.',
  },
  CENSOR_FILING_DUE: {
    'zh-CN': '项目「{projectName}」的审查合格书（{certificateNo}）已签发，请在 {count} 个工作日内向主管部门备案。',
    'en-US':
      'The certificate {certificateNo} of "{projectName}" is issued. File it with the authority within {count} working days.',
  },
  CENSOR_DRAWING_SET_SEALED: {
    'zh-CN': '{senderName}已完成项目「{projectName}」审查合格施工图的签章（{count} 张），请在电子签章中查看和下载。',
    'en-US':
      '{senderName} sealed the reviewed drawings of "{projectName}" ({count} sheets). Read and download them under Electronic signatures.',
  },
  CENSOR_FILING_SUBMIT: {
    'zh-CN': '{senderName}提交了项目「{projectName}」审查合格书（{certificateNo}）的备案，请确认或退回。',
    'en-US': '{senderName} filed the certificate of "{projectName}" ({certificateNo}); confirm or reject it.',
  },
  CONTROL_FILING_CONFIRMED: {
    'zh-CN': '{senderName}确认了项目「{projectName}」审查合格书（{certificateNo}）的备案。',
    'en-US': '{senderName} confirmed the filing of the certificate of "{projectName}" ({certificateNo}).',
  },
  CONTROL_FILING_REJECTED: {
    'zh-CN':
      '{senderName}退回了项目「{projectName}」审查合格书（{certificateNo}）的备案：{reason}。请更正后重新备案。',
    'en-US':
      '{senderName} rejected the filing of the certificate of "{projectName}" ({certificateNo}): {reason}. Correct it and file again.',
  },
  CENSOR_REVIEW_PASSED: {
    'zh-CN':
      '{senderName}：项目「{projectName}」第{round}轮审查无未关闭意见，审查合格（{reportNo}），即将出具审查合格书。',
    'en-US':
      '{senderName}: "{projectName}" has no open opinion after round {round} and passed review ({reportNo}); the certificate follows.',
  },
  CONTROL_BAD_ACTION_CONFIRM: {
    'zh-CN':
      '{senderName}确认了本单位在项目「{projectName}」中的不良行为：{reason}。该记录已在门户网站信用信息中公布。',
    'en-US':
      '{senderName} confirmed a bad action of your organisation in "{projectName}": {reason}. It is published in the portal’s credit information.',
  },
  PLATFORM_REGISTRATION_APPROVE: {
    'zh-CN': '「{orgName}」的注册申请已通过审核，欢迎使用平台。请在企业后台添加本单位人员。',
    'en-US': 'The registration of "{orgName}" was approved. Welcome! Add your colleagues in the back office.',
  },
  ACCOUNT_PASSWORD_RESET_REQUEST: {
    'zh-CN': '{senderName}忘记了密码，请在人员管理中为其生成一次性密码并告知本人。',
    'en-US': '{senderName} forgot the password. Issue a one-time password in People and pass it on.',
  },
};

/**
 * Placeholders named in the reader's language from a code the message keeps: `{document}` is the
 * kind of signed document (`documentKind`), so one message reads right in either language.
 */
const NAMED: Record<string, (params: MessageParams, locale: Locale) => string> = {
  document: ({ documentKind }, locale) =>
    documentKind && documentKind in SIGNED_DOCUMENT_KINDS
      ? SIGNED_DOCUMENT_KINDS[documentKind as SignedDocumentKind][locale]
      : '',
};

export function renderMessageContent(type: MessageType, params: MessageParams, locale: Locale): string {
  return MESSAGE_CONTENT[type][locale].replace(
    /\{(\w+)\}/g,
    (_, key: string) => NAMED[key]?.(params, locale) ?? params[key as keyof MessageParams] ?? '',
  );
}
