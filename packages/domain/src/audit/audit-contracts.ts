import { z } from 'zod';

/** Security-relevant events, recorded in the same transaction as the change they describe. */
export const AUDIT_ACTIONS = {
  SIGN_IN: { 'zh-CN': '登录成功', 'en-US': 'Signed in' },
  SIGN_IN_FAILED: { 'zh-CN': '登录失败', 'en-US': 'Sign-in failed' },
  ACCOUNT_LOCKED: { 'zh-CN': '账号锁定', 'en-US': 'Account locked' },
  SIGN_OUT: { 'zh-CN': '退出登录', 'en-US': 'Signed out' },
  PASSWORD_CHANGED: { 'zh-CN': '修改密码', 'en-US': 'Password changed' },
  MEMBER_ADDED: { 'zh-CN': '新增人员', 'en-US': 'Member added' },
  MEMBER_UPDATED: { 'zh-CN': '修改人员权限或状态', 'en-US': 'Member changed' },
  MEMBER_PASSWORD_RESET: { 'zh-CN': '重置人员密码', 'en-US': 'Member password reset' },
  PASSWORD_RESET_REQUESTED: { 'zh-CN': '忘记密码申请', 'en-US': 'Password reset requested' },
  MEMBER_UNLOCKED: { 'zh-CN': '解除账号锁定', 'en-US': 'Account unlocked' },
  MEMBER_INVITED: { 'zh-CN': '邀请已有账号', 'en-US': 'Existing account invited' },
  MEMBER_INVITATION_CANCELLED: { 'zh-CN': '撤销邀请', 'en-US': 'Invitation cancelled' },
  MEMBER_INVITATION_ACCEPTED: { 'zh-CN': '接受邀请加入单位', 'en-US': 'Invitation accepted' },
  MEMBER_INVITATION_DECLINED: { 'zh-CN': '拒绝邀请', 'en-US': 'Invitation declined' },
  ORG_CREATED: { 'zh-CN': '新增单位', 'en-US': 'Organisation created' },
  REGISTRATION_SUBMITTED: { 'zh-CN': '提交注册申请', 'en-US': 'Registration submitted' },
  ORG_APPROVED: { 'zh-CN': '通过注册申请', 'en-US': 'Registration approved' },
  ORG_REJECTED: { 'zh-CN': '退回注册申请', 'en-US': 'Registration rejected' },
  ORG_UPDATED: { 'zh-CN': '修改单位信息', 'en-US': 'Organisation details changed' },
  ORG_DISABLED: { 'zh-CN': '停用单位', 'en-US': 'Organisation disabled' },
  ORG_ENABLED: { 'zh-CN': '启用单位', 'en-US': 'Organisation enabled' },
  PROJECT_CREATED: { 'zh-CN': '新建报审', 'en-US': 'Application created' },
  PROJECT_UPDATED: { 'zh-CN': '修改报审', 'en-US': 'Application changed' },
  PROJECT_DELETED: { 'zh-CN': '删除报审', 'en-US': 'Application deleted' },
  PROJECT_SUBMITTED: { 'zh-CN': '提交报审', 'en-US': 'Application submitted' },
  PROJECT_REVOKED: { 'zh-CN': '撤回报审', 'en-US': 'Application recalled' },
  BUILDING_CREATED: { 'zh-CN': '新增单体', 'en-US': 'Building created' },
  BUILDING_UPDATED: { 'zh-CN': '修改单体', 'en-US': 'Building changed' },
  BUILDING_DELETED: { 'zh-CN': '删除单体', 'en-US': 'Building deleted' },
  BUILDING_SUBMITTED: { 'zh-CN': '提交单体', 'en-US': 'Building submitted' },
  BUILDING_CONFIRMED: { 'zh-CN': '确认单体', 'en-US': 'Building confirmed' },
  BUILDING_REJECTED: { 'zh-CN': '退回单体', 'en-US': 'Building rejected' },
  SURVEY_INFO_SAVED: { 'zh-CN': '保存勘察信息', 'en-US': 'Survey information saved' },
  SURVEY_INFO_SUBMITTED: { 'zh-CN': '提交勘察信息', 'en-US': 'Survey information submitted' },
  PROJECT_ALTER_SAVED: { 'zh-CN': '保存变更内容', 'en-US': 'Change details saved' },
  PROJECT_DOC_ADDED: { 'zh-CN': '上传报审附件', 'en-US': 'Attachment uploaded' },
  PROJECT_DOC_UPDATED: { 'zh-CN': '修改附件备注', 'en-US': 'Attachment remark changed' },
  PROJECT_DOC_DELETED: { 'zh-CN': '删除报审附件', 'en-US': 'Attachment deleted' },
  DOC_FOLDER_ADDED: { 'zh-CN': '新建资料文件夹', 'en-US': 'Document folder added' },
  DOC_FOLDER_RENAMED: { 'zh-CN': '重命名资料文件夹', 'en-US': 'Document folder renamed' },
  DOC_FILE_SAVED: { 'zh-CN': '上传资料文件', 'en-US': 'Document file uploaded' },
  DOC_COMMITTED: { 'zh-CN': '提交资料', 'en-US': 'Materials committed' },
  DOC_SENT: { 'zh-CN': '资料送审', 'en-US': 'Materials sent to review' },
  DOC_ACCEPTED: { 'zh-CN': '受理资料', 'en-US': 'Materials accepted' },
  DOC_RETURNED: { 'zh-CN': '退回资料', 'en-US': 'Materials returned' },
  DOC_REMINDED: { 'zh-CN': '提醒补充资料', 'en-US': 'Missing materials reminded' },
  DOC_ENTRIES_DELETED: { 'zh-CN': '删除资料文件或文件夹', 'en-US': 'Document files or folders deleted' },
  MARKUP_PUBLISHED: { 'zh-CN': '发布图纸标注', 'en-US': 'Markup published' },
  MARKUP_DELETED: { 'zh-CN': '删除已发布的图纸标注', 'en-US': 'Published markup deleted' },
  MARKUPS_IMPORTED: { 'zh-CN': '导入图纸标注', 'en-US': 'Markups imported' },
  PORTAL_ARTICLE_CREATED: { 'zh-CN': '新建门户内容', 'en-US': 'Portal item created' },
  PORTAL_ARTICLE_UPDATED: { 'zh-CN': '修改门户内容', 'en-US': 'Portal item changed' },
  PORTAL_ARTICLE_PUBLISHED: { 'zh-CN': '发布门户内容', 'en-US': 'Portal item published' },
  PORTAL_ARTICLE_UNPUBLISHED: { 'zh-CN': '撤回门户内容', 'en-US': 'Portal item unpublished' },
  PORTAL_ARTICLE_DELETED: { 'zh-CN': '删除门户内容', 'en-US': 'Portal item deleted' },
  PORTAL_SITE_UPDATED: { 'zh-CN': '修改门户链接和页脚', 'en-US': 'Portal links and footer changed' },
  CREDIT_ENTRY_CREATED: { 'zh-CN': '新增信用信息', 'en-US': 'Credit entry added' },
  CREDIT_ENTRY_UPDATED: { 'zh-CN': '修改信用信息', 'en-US': 'Credit entry changed' },
  CREDIT_ENTRY_DELETED: { 'zh-CN': '删除信用信息', 'en-US': 'Credit entry deleted' },
  FORUM_TOPIC_MODERATED: { 'zh-CN': '管理论坛主题', 'en-US': 'Forum topic moderated' },
  FORUM_REPLY_MODERATED: { 'zh-CN': '管理论坛回复', 'en-US': 'Forum reply moderated' },
  // Clause library (issue 19)
  STANDARD_CREATED: { 'zh-CN': '新增规范标准', 'en-US': 'Standard added' },
  STANDARD_UPDATED: { 'zh-CN': '修改或废止规范标准', 'en-US': 'Standard changed or withdrawn' },
  CLAUSES_IMPORTED: { 'zh-CN': '导入规范条文', 'en-US': 'Clauses imported' },
  // Bad actions (issue 19)
  BAD_ACTION_RECORDED: { 'zh-CN': '记录不良行为', 'en-US': 'Bad action recorded' },
  BAD_ACTION_EVIDENCE_ATTACHED: { 'zh-CN': '上传不良行为证据', 'en-US': 'Bad action evidence attached' },
  BAD_ACTION_WITHDRAWN: { 'zh-CN': '撤回不良行为', 'en-US': 'Bad action withdrawn' },
  BAD_ACTION_CONFIRMED: { 'zh-CN': '确认不良行为', 'en-US': 'Bad action confirmed' },
  BAD_ACTION_REJECTED: { 'zh-CN': '驳回不良行为', 'en-US': 'Bad action rejected' },
  // Working-day calendar (issue 19)
  WORK_CALENDAR_YEAR_ENTERED: { 'zh-CN': '录入节假日安排', 'en-US': 'Holiday arrangements entered' },
  // Opinion reports (issue 20)
  REPORT_COMPILED: { 'zh-CN': '编制审查意见告知书', 'en-US': 'Opinion report compiled' },
  REPORT_FORWARDED: { 'zh-CN': '告知审查意见', 'en-US': 'Opinion report forwarded' },
  // Answers and the next rounds (issue 20)
  OPINION_ANSWERED: { 'zh-CN': '回复审查意见', 'en-US': 'Opinion answered' },
  OPINION_ANSWER_CHANGED: { 'zh-CN': '修改意见回复', 'en-US': 'Answer changed' },
  OPINION_DECIDED: { 'zh-CN': '复审处理意见', 'en-US': 'Carried opinion decided' },
  // Electronic signatures (issue 21)
  SIGNATURE_SIGNED: { 'zh-CN': '电子签章', 'en-US': 'Signed' },
  SIGNATURE_PASSWORD_FAILED: { 'zh-CN': '签章密码错误', 'en-US': 'Signing password wrong' },
  CERTIFICATE_COMPILED: { 'zh-CN': '编制审查合格书', 'en-US': 'Certificate compiled' },
  CERTIFICATE_ISSUED: { 'zh-CN': '签发审查合格书', 'en-US': 'Certificate issued' },
  CERTIFICATE_REVOKED: { 'zh-CN': '撤销审查合格书', 'en-US': 'Certificate revoked' },
  CERTIFICATE_SUPERSEDED: { 'zh-CN': '审查合格书被替代', 'en-US': 'Certificate superseded' },
  DRAWING_SET_COMPILED: { 'zh-CN': '生成签章图纸', 'en-US': 'Drawing set prepared for sealing' },
  FILING_SUBMITTED: { 'zh-CN': '提交备案', 'en-US': 'Filing submitted' },
  FILING_CONFIRMED: { 'zh-CN': '确认备案', 'en-US': 'Filing confirmed' },
  FILING_REJECTED: { 'zh-CN': '退回备案', 'en-US': 'Filing rejected' },
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
const actionKeys = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

export const auditEvent = z.object({
  id: z.string(),
  occurredAt: z.string(),
  action: z.enum(actionKeys),
  actorAccountId: z.string().nullable(),
  actorUsername: z.string().nullable(),
  orgId: z.string().nullable(),
  orgName: z.string().nullable(),
  ip: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  /** The acting person's name (the username is actorUsername). */
  actorName: z.string().nullable(),
  /** What the event was done to, by name as it is now (a person, organisation, building...). */
  targetName: z.string().nullable(),
  /** The application the event concerns, its name and code as they are now (or were, if deleted). */
  projectName: z.string().nullable(),
  projectCode: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEvent>;

export const auditQuery = z.object({
  action: z.enum(actionKeys).optional(),
  /** Part of the actor's username. */
  actor: z.string().trim().max(64).optional(),
  orgId: z.uuid().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type AuditQuery = z.input<typeof auditQuery>;

export const auditPage = z.object({
  total: z.number().int(),
  items: z.array(auditEvent),
});
export type AuditPage = z.infer<typeof auditPage>;
