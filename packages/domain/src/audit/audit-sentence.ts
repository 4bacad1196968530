import { PROFILE_LABELS, type Profile } from '../accounts/profile.js';
import { DOC_CATEGORIES, type DocCategory } from '../doc-repository/doc-repository-contracts.js';
import type { Locale } from '../errors/error-codes.js';
import { ORG_TYPE_LABELS, type OrgType } from '../orgs/org-type.js';
import { AUDIT_ACTIONS, type AuditAction, type AuditEvent } from './audit-contracts.js';

/**
 * One audit event as a sentence an administrator reads: who did what to which person,
 * organisation, application or building, by name. Never JSON, an enum's name or an id: a value
 * the reader would not know is left out rather than shown raw.
 */

type Texts = { zh: string; en: string };
type Detail = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const quoteZh = (s: string) => `「${s}」`;
const quoteEn = (s: string) => `“${s}”`;

const REASONS: Record<string, Texts> = {
  wrong_password: { zh: '密码错误', en: 'wrong password' },
  unknown_username: { zh: '用户名不存在', en: 'unknown username' },
  locked: { zh: '账号已锁定', en: 'account locked' },
  disabled: { zh: '账号已停用', en: 'account disabled' },
  captcha: { zh: '验证码错误', en: 'wrong captcha' },
};

const BUILDING_PARTS: Record<string, Texts> = {
  surveyInfo: { zh: '勘察结论', en: 'survey findings' },
  hazardSources: { zh: '危大工程', en: 'hazardous sub-projects' },
  designInfo: { zh: '设计信息', en: 'design information' },
};

const isProfile = (v: unknown): v is Profile => typeof v === 'string' && v in PROFILE_LABELS;
const profilesOf = (v: unknown, locale: Locale) =>
  list(v)
    .filter(isProfile)
    .map((p) => PROFILE_LABELS[p][locale]);

/** The facts of one event a sentence is made of, each already in words. */
interface Parts {
  locale: Locale;
  detail: Detail;
  /** The person who acted: name and username, or the username tried, or someone unnamed. */
  actor: string;
  org: string | undefined;
  target: string | undefined;
  /** The application, quoted, with its code. */
  project: string | undefined;
  q: (s: string) => string;
}

type Sentence = (p: Parts) => Texts;

/** "in application X" when the event names one. */
const inProject = (p: Parts): Texts =>
  p.project
    ? { zh: `报审${p.project}`, en: `application ${p.project}` }
    : { zh: '报审', en: 'an application' };

const named = (p: Parts, key = 'name'): string | undefined => {
  const name = str(p.detail[key]) ?? p.target;
  return name ? p.q(name) : undefined;
};

const building =
  (zhVerb: string, enVerb: string): Sentence =>
  (p) => {
    const name = named(p) ?? '';
    const where = inProject(p);
    return {
      zh: `${p.actor} ${zhVerb}${where.zh}的单体${name}`,
      en: `${p.actor} ${enVerb} building ${name} of ${where.en}`.replace(/ +/g, ' '),
    };
  };

const project =
  (zhVerb: string, enVerb: string): Sentence =>
  (p) => ({ zh: `${p.actor} ${zhVerb}${inProject(p).zh}`, en: `${p.actor} ${enVerb} ${inProject(p).en}` });

const version = (p: Parts): Texts => {
  const n = num(p.detail.version);
  return n ? { zh: `第 ${n} 版`, en: ` version ${n}` } : { zh: '', en: '' };
};

const member =
  (zhVerb: string, enVerb: string): Sentence =>
  (p) => {
    const who = p.target ?? str(p.detail.username) ?? '';
    return {
      zh: `${p.actor} ${zhVerb.replace('{who}', who)}`,
      en: `${p.actor} ${enVerb.replace('{who}', who)}`,
    };
  };

const withProfiles = (p: Parts): Texts => {
  const profiles = profilesOf(p.detail.profiles, p.locale);
  const admin = p.detail.admin === true;
  const zh = [...(admin ? ['单位管理员'] : []), ...profiles].join('、');
  const en = [...(admin ? ['organisation admin'] : []), ...profiles].join(', ');
  return zh ? { zh: `，权限：${zh}`, en: `, with ${en}` } : { zh: '', en: '' };
};

const article =
  (zhVerb: string, enVerb: string): Sentence =>
  (p) => {
    const title = named(p, 'title') ?? '';
    return { zh: `${p.actor} ${zhVerb}门户内容${title}`, en: `${p.actor} ${enVerb} portal item ${title}` };
  };

const creditName = (p: Parts) => {
  const side = (k: string) => (p.detail[k] && typeof p.detail[k] === 'object' ? (p.detail[k] as Detail) : {});
  const name = str(side('after').orgName) ?? str(side('before').orgName) ?? str(p.detail.orgName);
  return name ? p.q(name) : '';
};

/** The sentence of each action; an action added later without one still reads as its label. */
const SENTENCES: Partial<Record<AuditAction, Sentence>> = {
  SIGN_IN: (p) =>
    p.detail.via === 'handover'
      ? { zh: `${p.actor} 通过交接码登录`, en: `${p.actor} signed in with a hand-over code` }
      : { zh: `${p.actor} 登录成功`, en: `${p.actor} signed in` },
  SIGN_IN_FAILED: (p) => {
    const reason = REASONS[str(p.detail.reason) ?? ''];
    return {
      zh: `${p.actor} 登录失败${reason ? `：${reason.zh}` : ''}`,
      en: `Sign-in as ${p.actor} failed${reason ? `: ${reason.en}` : ''}`,
    };
  },
  ACCOUNT_LOCKED: (p) => {
    const minutes = num(p.detail.minutes);
    return {
      zh: `${p.target ?? p.actor} 连续登录失败，账号被锁定${minutes ? ` ${minutes} 分钟` : ''}`,
      en: `${p.target ?? p.actor} was locked out${minutes ? ` for ${minutes} minutes` : ''} after repeated failed sign-ins`,
    };
  },
  SIGN_OUT: (p) => ({ zh: `${p.actor} 退出登录`, en: `${p.actor} signed out` }),
  PASSWORD_CHANGED: (p) => ({ zh: `${p.actor} 修改了自己的密码`, en: `${p.actor} changed their password` }),
  PASSWORD_RESET_REQUESTED: (p) => ({
    zh: `${p.actor} 忘记密码，请${p.org ?? '单位'}管理员生成一次性密码`,
    en: `${p.actor} forgot the password and asked the admins of ${p.org ?? 'the organisation'} for a one-time password`,
  }),
  MEMBER_ADDED: (p) => {
    const extra = withProfiles(p);
    const who = p.target ?? str(p.detail.username) ?? '';
    return {
      zh: `${p.actor} 在${p.org ?? '本单位'}新增人员 ${who}${extra.zh}`,
      en: `${p.actor} added ${who} to ${p.org ?? 'the organisation'}${extra.en}`,
    };
  },
  MEMBER_UPDATED: (p) => {
    const before = (p.detail.before ?? {}) as Detail;
    const after = (p.detail.after ?? {}) as Detail;
    const zh: string[] = [];
    const en: string[] = [];
    if (typeof after.enabled === 'boolean' && after.enabled !== before.enabled) {
      zh.push(after.enabled ? '启用' : '停用');
      en.push(after.enabled ? 'enabled' : 'disabled');
    }
    if (typeof after.admin === 'boolean' && after.admin !== before.admin) {
      zh.push(after.admin ? '设为单位管理员' : '取消单位管理员');
      en.push(after.admin ? 'made organisation admin' : 'no longer organisation admin');
    }
    if (Array.isArray(after.profiles)) {
      const zhProfiles = profilesOf(after.profiles, 'zh-CN').join('、') || '无';
      const enProfiles = profilesOf(after.profiles, 'en-US').join(', ') || 'none';
      zh.push(`权限为 ${zhProfiles}`);
      en.push(`profiles: ${enProfiles}`);
    }
    if (after.credentials && typeof after.credentials === 'object') {
      zh.push('更新了专业与注册信息');
      en.push('updated specialties and registration');
    }
    const who = p.target ?? '';
    return {
      zh: `${p.actor} 修改了 ${who} 的权限或状态${zh.length ? `：${zh.join('，')}` : ''}`,
      en: `${p.actor} changed ${who}${en.length ? `: ${en.join('; ')}` : ''}`,
    };
  },
  MEMBER_PASSWORD_RESET: member('为 {who} 重置了密码', 'reset the password of {who}'),
  MEMBER_UNLOCKED: member('解除了 {who} 的登录锁定', 'lifted the sign-in lockout of {who}'),
  MEMBER_INVITED: (p) => {
    const extra = withProfiles(p);
    const who = str(p.detail.username) ?? '';
    return {
      zh: `${p.actor} 邀请账号 ${who} 加入${p.org ?? '本单位'}${extra.zh}`,
      en: `${p.actor} invited the account ${who} to ${p.org ?? 'the organisation'}${extra.en}`,
    };
  },
  MEMBER_INVITATION_CANCELLED: (p) => ({
    zh: `${p.actor} 撤销了对账号 ${str(p.detail.username) ?? ''} 的邀请`,
    en: `${p.actor} withdrew the invitation of ${str(p.detail.username) ?? 'an account'}`,
  }),
  MEMBER_INVITATION_ACCEPTED: (p) => ({
    zh: `${p.actor} 接受邀请，加入${p.org ?? '单位'}${withProfiles(p).zh}`,
    en: `${p.actor} accepted the invitation and joined ${p.org ?? 'the organisation'}${withProfiles(p).en}`,
  }),
  MEMBER_INVITATION_DECLINED: (p) => ({
    zh: `${p.actor} 拒绝了加入${p.org ?? '单位'}的邀请`,
    en: `${p.actor} declined to join ${p.org ?? 'the organisation'}`,
  }),
  ORG_CREATED: (p) => {
    const name = named(p) ?? '';
    const type = str(p.detail.orgType) as OrgType | undefined;
    const label = type && type in ORG_TYPE_LABELS ? ORG_TYPE_LABELS[type] : undefined;
    const directory = p.detail.directoryEntry === true;
    return {
      zh: `${p.actor} ${directory ? '向企业名录添加' : '新增'}${label ? label['zh-CN'] : '单位'}${name}${str(p.detail.admin) ? `，管理员账号 ${str(p.detail.admin)}` : ''}`,
      en: `${p.actor} ${directory ? 'added to the enterprise directory' : 'created'} ${label ? label['en-US'].toLowerCase() : 'organisation'} ${name}${str(p.detail.admin) ? ` with the admin account ${str(p.detail.admin)}` : ''}`,
    };
  },
  REGISTRATION_SUBMITTED: (p) => {
    const name = named(p) ?? p.actor;
    return p.detail.resubmitted === true
      ? { zh: `${name} 修改后重新提交了注册申请`, en: `${name} corrected and resubmitted its registration` }
      : { zh: `${name} 提交了注册申请`, en: `${name} applied to register` };
  },
  ORG_APPROVED: (p) => {
    const name = named(p) ?? '';
    const admin = str(p.detail.admin);
    return {
      zh: `${p.actor} 通过了${name}的注册申请${admin ? `，管理员账号 ${admin}` : ''}`,
      en: `${p.actor} approved the registration of ${name}${admin ? `; admin account ${admin}` : ''}`,
    };
  },
  ORG_REJECTED: (p) => {
    const reason = str(p.detail.reason);
    return {
      zh: `${p.actor} 退回了${named(p) ?? ''}的注册申请${reason ? `，原因：${reason}` : ''}`,
      en: `${p.actor} refused the registration of ${named(p) ?? ''}${reason ? `: ${reason}` : ''}`,
    };
  },
  ORG_UPDATED: (p) => {
    const n = Object.keys(p.detail).length;
    const name = p.target ? p.q(p.target) : '';
    return {
      zh: `${p.actor} 修改了单位${name}的${n ? ` ${n} 项` : ''}信息`,
      en: `${p.actor} changed ${n ? `${n} ${n === 1 ? 'detail' : 'details'}` : 'the details'} of ${name || 'an organisation'}`,
    };
  },
  ORG_DISABLED: (p) => ({
    zh: `${p.actor} 停用了单位${p.target ? p.q(p.target) : ''}`,
    en: `${p.actor} disabled ${p.target ? p.q(p.target) : 'an organisation'}`,
  }),
  ORG_ENABLED: (p) => ({
    zh: `${p.actor} 启用了单位${p.target ? p.q(p.target) : ''}`,
    en: `${p.actor} enabled ${p.target ? p.q(p.target) : 'an organisation'}`,
  }),
  PROJECT_CREATED: project('新建了', 'created'),
  PROJECT_UPDATED: project('修改了', 'changed'),
  PROJECT_DELETED: project('删除了', 'deleted'),
  PROJECT_SUBMITTED: (p) => {
    const round = num(p.detail.round);
    return {
      zh: `${p.actor} 提交了${inProject(p).zh}${round ? `（第 ${round} 次）` : ''}`,
      en: `${p.actor} submitted ${inProject(p).en}${round ? ` (time ${round})` : ''}`,
    };
  },
  PROJECT_REVOKED: project('撤回了', 'recalled'),
  BUILDING_CREATED: (p) => {
    const made = building('新增了', 'added')(p);
    return p.detail.copiedFrom
      ? { zh: `${made.zh}（复制已有单体）`, en: `${made.en} (a copy of another building)` }
      : made;
  },
  BUILDING_UPDATED: (p) => {
    const part = BUILDING_PARTS[str(p.detail.part) ?? ''];
    const changed = building('修改了', 'changed')(p);
    return part ? { zh: `${changed.zh}的${part.zh}`, en: `${changed.en}: ${part.en}` } : changed;
  },
  BUILDING_DELETED: building('删除了', 'deleted'),
  BUILDING_SUBMITTED: building('提交了', 'submitted'),
  BUILDING_CONFIRMED: building('确认了', 'confirmed'),
  BUILDING_REJECTED: (p) => {
    const rejected = building('退回了', 'rejected')(p);
    const reason = str(p.detail.reason);
    return reason ? { zh: `${rejected.zh}，原因：${reason}`, en: `${rejected.en}: ${reason}` } : rejected;
  },
  SURVEY_INFO_SAVED: (p) => {
    const no = str(p.detail.reportNo);
    return {
      zh: `${p.actor} 保存了${inProject(p).zh}的勘察信息${no ? `（报告编号 ${no}）` : ''}`,
      en: `${p.actor} saved the survey information of ${inProject(p).en}${no ? ` (report ${no})` : ''}`,
    };
  },
  SURVEY_INFO_SUBMITTED: (p) => {
    const no = str(p.detail.reportNo);
    return {
      zh: `${p.actor} 提交了${inProject(p).zh}的勘察信息${no ? `（报告编号 ${no}）` : ''}`,
      en: `${p.actor} submitted the survey information of ${inProject(p).en}${no ? ` (report ${no})` : ''}`,
    };
  },
  PROJECT_ALTER_SAVED: (p) => ({
    zh: `${p.actor} 保存了变更申请${p.project ?? ''}`,
    en: `${p.actor} saved the change application ${p.project ?? ''}`.trim(),
  }),
  PROJECT_DOC_ADDED: (p) => {
    const file = named(p, 'fileName') ?? '';
    return {
      zh: `${p.actor} 为${inProject(p).zh}上传了附件${file}`,
      en: `${p.actor} attached ${file} to ${inProject(p).en}`,
    };
  },
  PROJECT_DOC_UPDATED: (p) => ({
    zh: `${p.actor} 修改了${inProject(p).zh}中附件的备注`,
    en: `${p.actor} changed the remark of an attachment of ${inProject(p).en}`,
  }),
  PROJECT_DOC_DELETED: (p) => {
    const file = named(p, 'fileName') ?? '';
    return {
      zh: `${p.actor} 删除了${inProject(p).zh}的附件${file}`,
      en: `${p.actor} removed the attachment ${file} from ${inProject(p).en}`,
    };
  },
  DOC_FOLDER_ADDED: (p) => ({
    zh: `${p.actor} 在${inProject(p).zh}的资料中新建了文件夹${named(p) ?? ''}`,
    en: `${p.actor} added the folder ${named(p) ?? ''} to the materials of ${inProject(p).en}`,
  }),
  DOC_FOLDER_RENAMED: (p) => {
    const from = str(p.detail.from);
    const to = str(p.detail.to);
    return {
      zh: `${p.actor} 将${inProject(p).zh}资料中的文件夹${from ? p.q(from) : ''}改名为${to ? p.q(to) : ''}`,
      en: `${p.actor} renamed the folder ${from ? p.q(from) : ''} of ${inProject(p).en} to ${to ? p.q(to) : ''}`,
    };
  },
  DOC_FILE_SAVED: (p) => {
    const folder = str(p.detail.folder);
    return {
      zh: `${p.actor} 向${inProject(p).zh}${folder ? `的文件夹${p.q(folder)}` : ''}上传了文件${named(p) ?? ''}`,
      en: `${p.actor} uploaded ${named(p) ?? 'a file'} to ${folder ? `the folder ${p.q(folder)} of ` : ''}${inProject(p).en}`,
    };
  },
  DOC_COMMITTED: (p) => {
    const category = str(p.detail.category) as DocCategory | undefined;
    const label = category && category in DOC_CATEGORIES ? DOC_CATEGORIES[category] : undefined;
    const v = version(p);
    return {
      zh: `${p.actor} 提交了${inProject(p).zh}${v.zh}的${label ? label['zh-CN'] : '资料'}`,
      en: `${p.actor} handed over the ${label ? label['en-US'].toLowerCase() : 'materials'} of ${inProject(p).en}${v.en}`,
    };
  },
  DOC_SENT: (p) => ({
    zh: `${p.actor} 将${inProject(p).zh}${version(p).zh}的资料送审`,
    en: `${p.actor} sent the materials of ${inProject(p).en}${version(p).en} to review`,
  }),
  DOC_ACCEPTED: (p) => ({
    zh: `${p.actor} 受理了${inProject(p).zh}${version(p).zh}的资料`,
    en: `${p.actor} accepted the materials of ${inProject(p).en}${version(p).en}`,
  }),
  DOC_RETURNED: (p) => {
    const n = num(p.detail.reasons);
    return {
      zh: `${p.actor} 退回了${inProject(p).zh}${version(p).zh}的资料${n ? `（${n} 条原因）` : ''}`,
      en: `${p.actor} returned the materials of ${inProject(p).en}${version(p).en}${n ? ` (${n} ${n === 1 ? 'reason' : 'reasons'})` : ''}`,
    };
  },
  DOC_REMINDED: (p) => {
    const n = num(p.detail.reasons);
    return {
      zh: `${p.actor} 提醒补充${inProject(p).zh}${version(p).zh}的资料${n ? `（${n} 条）` : ''}`,
      en: `${p.actor} reminded the units of missing materials of ${inProject(p).en}${version(p).en}${n ? ` (${n} ${n === 1 ? 'item' : 'items'})` : ''}`,
    };
  },
  MARKUP_PUBLISHED: (p) => ({
    zh: `${p.actor} 在${inProject(p).zh}的图纸${named(p) ?? ''}上发布了标注`,
    en: `${p.actor} published a markup on ${named(p) ?? 'a sheet'} of ${inProject(p).en}`,
  }),
  MARKUP_DELETED: (p) => ({
    zh: `${p.actor} 删除了${inProject(p).zh}图纸${named(p) ?? ''}上已发布的标注`,
    en: `${p.actor} deleted a published markup from ${named(p) ?? 'a sheet'} of ${inProject(p).en}`,
  }),
  MARKUPS_IMPORTED: (p) => {
    const n = num(p.detail.count) ?? 0;
    return {
      zh: `${p.actor} 向${inProject(p).zh}的图纸${named(p) ?? ''}导入了 ${n} 条标注`,
      en: `${p.actor} imported ${n} ${n === 1 ? 'markup' : 'markups'} onto ${named(p) ?? 'a sheet'} of ${inProject(p).en}`,
    };
  },
  DOC_ENTRIES_DELETED: (p) => {
    const names = [...list(p.detail.folders), ...list(p.detail.files)]
      .map(str)
      .filter((s): s is string => Boolean(s));
    const shown = names.slice(0, 3).map(p.q);
    const more = names.length - shown.length;
    return {
      zh: `${p.actor} 删除了${inProject(p).zh}资料中的${shown.join('、')}${more > 0 ? ` 等 ${names.length} 项` : ''}`,
      en: `${p.actor} deleted ${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''} from the materials of ${inProject(p).en}`,
    };
  },
  PORTAL_ARTICLE_CREATED: article('新建了', 'created'),
  PORTAL_ARTICLE_UPDATED: article('修改了', 'changed'),
  PORTAL_ARTICLE_PUBLISHED: article('发布了', 'published'),
  PORTAL_ARTICLE_UNPUBLISHED: article('撤回了', 'unpublished'),
  PORTAL_ARTICLE_DELETED: article('删除了', 'deleted'),
  PORTAL_SITE_UPDATED: (p) => ({
    zh: `${p.actor} 修改了门户的友情链接和页脚`,
    en: `${p.actor} changed the portal's links and footer`,
  }),
  CREDIT_ENTRY_CREATED: (p) => ({
    zh: `${p.actor} 新增了${creditName(p)}的信用信息`,
    en: `${p.actor} added a credit entry for ${creditName(p) || 'an organisation'}`,
  }),
  CREDIT_ENTRY_UPDATED: (p) => ({
    zh: `${p.actor} 修改了${creditName(p)}的信用信息`,
    en: `${p.actor} changed the credit entry of ${creditName(p) || 'an organisation'}`,
  }),
  CREDIT_ENTRY_DELETED: (p) => ({
    zh: `${p.actor} 删除了${creditName(p)}的信用信息`,
    en: `${p.actor} deleted the credit entry of ${creditName(p) || 'an organisation'}`,
  }),
  FORUM_TOPIC_MODERATED: (p) => {
    const zh: string[] = [];
    const en: string[] = [];
    if (typeof p.detail.hidden === 'boolean') {
      zh.push(p.detail.hidden ? '隐藏' : '显示');
      en.push(p.detail.hidden ? 'hid' : 'showed');
    }
    if (typeof p.detail.locked === 'boolean') {
      zh.push(p.detail.locked ? '锁定' : '解锁');
      en.push(p.detail.locked ? 'locked' : 'unlocked');
    }
    const title = named(p, 'title') ?? '';
    return {
      zh: `${p.actor} ${zh.join('并') || '管理'}了论坛主题${title}`,
      en: `${p.actor} ${en.join(' and ') || 'moderated'} the forum topic ${title}`,
    };
  },
  FORUM_REPLY_MODERATED: (p) => {
    const title = p.target ? p.q(p.target) : '';
    const hidden = p.detail.hidden;
    return {
      zh: `${p.actor} ${hidden === true ? '隐藏' : hidden === false ? '显示' : '管理'}了论坛主题${title}中的一条回复`,
      en: `${p.actor} ${hidden === true ? 'hid' : hidden === false ? 'showed' : 'moderated'} a reply to the forum topic ${title}`,
    };
  },
  // Clause library (issue 19): the detail names the standard by its code.
  STANDARD_CREATED: (p) => ({
    zh: `${p.actor} 新增了规范标准${named(p, 'code') ?? ''}`,
    en: `${p.actor} added the standard ${named(p, 'code') ?? ''}`,
  }),
  STANDARD_UPDATED: (p) =>
    p.detail.status === 'WITHDRAWN'
      ? {
          zh: `${p.actor} 废止了规范标准${named(p, 'code') ?? ''}`,
          en: `${p.actor} withdrew the standard ${named(p, 'code') ?? ''}`,
        }
      : {
          zh: `${p.actor} 修改了规范标准${named(p, 'code') ?? ''}`,
          en: `${p.actor} changed the standard ${named(p, 'code') ?? ''}`,
        },
  CLAUSES_IMPORTED: (p) => ({
    zh: `${p.actor} 向规范标准${named(p, 'code') ?? ''}导入了条文（新增${num(p.detail.created) ?? 0}条，修订${num(p.detail.revised) ?? 0}条）`,
    en: `${p.actor} imported clauses into ${named(p, 'code') ?? 'a standard'} (${num(p.detail.created) ?? 0} new, ${num(p.detail.revised) ?? 0} revised)`,
  }),
  // Bad actions (issue 19): the detail names the unit (`unitName`).
  BAD_ACTION_RECORDED: (p) => ({
    zh: `${p.actor} 在${inProject(p).zh}中记录了${named(p, 'unitName') ?? ''}的不良行为`,
    en: `${p.actor} recorded a bad action of ${named(p, 'unitName') ?? 'a unit'} in ${inProject(p).en}`,
  }),
  BAD_ACTION_EVIDENCE_ATTACHED: (p) => ({
    zh: `${p.actor} 为${inProject(p).zh}中${named(p, 'unitName') ?? ''}的不良行为上传了证据${named(p, 'fileName') ?? ''}`,
    en: `${p.actor} attached evidence ${named(p, 'fileName') ?? ''} to a bad action of ${named(p, 'unitName') ?? 'a unit'} in ${inProject(p).en}`,
  }),
  BAD_ACTION_WITHDRAWN: (p) => ({
    zh: `${p.actor} 撤回了${inProject(p).zh}中${named(p, 'unitName') ?? ''}的不良行为`,
    en: `${p.actor} withdrew a bad action of ${named(p, 'unitName') ?? 'a unit'} in ${inProject(p).en}`,
  }),
  BAD_ACTION_CONFIRMED: (p) => ({
    zh: `${p.actor} 确认了${inProject(p).zh}中${named(p, 'unitName') ?? ''}的不良行为`,
    en: `${p.actor} confirmed a bad action of ${named(p, 'unitName') ?? 'a unit'} in ${inProject(p).en}`,
  }),
  BAD_ACTION_REJECTED: (p) => ({
    zh: `${p.actor} 驳回了${inProject(p).zh}中${named(p, 'unitName') ?? ''}的不良行为`,
    en: `${p.actor} rejected a bad action of ${named(p, 'unitName') ?? 'a unit'} in ${inProject(p).en}`,
  }),
  // Opinion reports (issue 20): the detail names the report (`reportNo`) and its round.
  REPORT_COMPILED: (p) => ({
    zh: `${p.actor} 编制了${inProject(p).zh}第${num(p.detail.round) ?? ''}轮审查意见告知书${named(p, 'reportNo') ?? ''}`,
    en: `${p.actor} compiled the round ${num(p.detail.round) ?? ''} opinion report ${named(p, 'reportNo') ?? ''} of ${inProject(p).en}`,
  }),
  REPORT_FORWARDED: (p) => ({
    zh: `${p.actor} 向各单位告知了${inProject(p).zh}第${num(p.detail.round) ?? ''}轮审查意见告知书${named(p, 'reportNo') ?? ''}`,
    en: `${p.actor} forwarded the round ${num(p.detail.round) ?? ''} opinion report ${named(p, 'reportNo') ?? ''} of ${inProject(p).en} to the units`,
  }),
  // Answers and the next rounds (issue 20): the detail names the opinion by building, specialty, number.
  OPINION_ANSWERED: (p) => ({
    zh: `${p.actor} 回复了${inProject(p).zh}${named(p, 'building') ?? ''}的第${num(p.detail.number) ?? ''}条审查意见`,
    en: `${p.actor} answered opinion ${num(p.detail.number) ?? ''} on ${named(p, 'building') ?? 'a building'} of ${inProject(p).en}`,
  }),
  OPINION_ANSWER_CHANGED: (p) => ({
    zh: `${p.actor} 修改了${inProject(p).zh}${named(p, 'building') ?? ''}第${num(p.detail.number) ?? ''}条意见的回复`,
    en: `${p.actor} changed the answer to opinion ${num(p.detail.number) ?? ''} on ${named(p, 'building') ?? 'a building'} of ${inProject(p).en}`,
  }),
  OPINION_DECIDED: (p) => {
    const decision =
      p.detail.decision === 'CLOSE'
        ? ['闭合', 'closed']
        : p.detail.decision === 'KEEP'
          ? ['保留', 'kept open']
          : ['重新打开', 'reopened'];
    return {
      zh: `${p.actor} 在第${num(p.detail.round) ?? ''}轮复审中${decision[0]}了${inProject(p).zh}${named(p, 'building') ?? ''}的第${num(p.detail.number) ?? ''}条意见`,
      en: `${p.actor} ${decision[1]} opinion ${num(p.detail.number) ?? ''} on ${named(p, 'building') ?? 'a building'} of ${inProject(p).en} in round ${num(p.detail.round) ?? ''}`,
    };
  },
  // Electronic signatures (issue 21): the detail names the document and the signature's field.
  SIGNATURE_SIGNED: (p) => ({
    zh: `${p.actor} 在${inProject(p).zh}的${named(p, 'document') ?? ''}上签署了「${named(p, 'field') ?? ''}」`,
    en: `${p.actor} signed “${named(p, 'field') ?? ''}” on ${named(p, 'document') ?? 'a document'} of ${inProject(p).en}`,
  }),
  SIGNATURE_PASSWORD_FAILED: (p) => ({
    zh: `${p.actor} 在${inProject(p).zh}签章时输入了错误的密码，未签署`,
    en: `${p.actor} gave a wrong password when signing on ${inProject(p).en}; nothing was signed`,
  }),
  // The certificate of passing review (issue 21): the detail names its number.
  CERTIFICATE_COMPILED: (p) => ({
    zh: `${p.actor} 编制了${inProject(p).zh}的审查合格书${named(p, 'certificateNo') ?? ''}`,
    en: `${p.actor} compiled the certificate ${named(p, 'certificateNo') ?? ''} of ${inProject(p).en}`,
  }),
  CERTIFICATE_ISSUED: (p) => ({
    zh: `${p.actor} 向各单位签发了${inProject(p).zh}的审查合格书${named(p, 'certificateNo') ?? ''}`,
    en: `${p.actor} issued the certificate ${named(p, 'certificateNo') ?? ''} of ${inProject(p).en} to the units`,
  }),
  CERTIFICATE_REVOKED: (p) => ({
    zh: `${p.actor} 撤销了${inProject(p).zh}的审查合格书${named(p, 'certificateNo') ?? ''}：${named(p, 'reason') ?? ''}`,
    en: `${p.actor} revoked the certificate ${named(p, 'certificateNo') ?? ''} of ${inProject(p).en}: ${named(p, 'reason') ?? ''}`,
  }),
  CERTIFICATE_SUPERSEDED: (p) => ({
    zh: `${p.actor} 签发变更审查合格书${named(p, 'by') ?? ''}，${inProject(p).zh}的审查合格书${named(p, 'certificateNo') ?? ''}被替代`,
    en: `${p.actor} issued the change's certificate ${named(p, 'by') ?? ''}, which supersedes the certificate ${named(p, 'certificateNo') ?? ''} of ${inProject(p).en}`,
  }),
  // The sealed drawing set (issue 21): the detail counts its sheets.
  DRAWING_SET_COMPILED: (p) => ({
    zh: `${p.actor} 生成了${inProject(p).zh}第${num(p.detail.version) ?? ''}版施工图的签章图纸（${num(p.detail.sheets) ?? ''}张）`,
    en: `${p.actor} prepared the ${num(p.detail.sheets) ?? ''} sheets of version ${num(p.detail.version) ?? ''} of ${inProject(p).en} for sealing`,
  }),
  // Filing (issue 21): the detail names the certificate's number.
  FILING_SUBMITTED: (p) => ({
    zh: `${p.actor} 向主管部门提交了${inProject(p).zh}审查合格书${named(p, 'certificateNo') ?? ''}的备案`,
    en: `${p.actor} filed the certificate ${named(p, 'certificateNo') ?? ''} of ${inProject(p).en} with the authority`,
  }),
  FILING_CONFIRMED: (p) => ({
    zh: `${p.actor} 确认了${inProject(p).zh}审查合格书${named(p, 'certificateNo') ?? ''}的备案`,
    en: `${p.actor} confirmed the filing of the certificate ${named(p, 'certificateNo') ?? ''} of ${inProject(p).en}`,
  }),
  FILING_REJECTED: (p) => ({
    zh: `${p.actor} 退回了${inProject(p).zh}审查合格书${named(p, 'certificateNo') ?? ''}的备案：${named(p, 'reason') ?? ''}`,
    en: `${p.actor} rejected the filing of the certificate ${named(p, 'certificateNo') ?? ''} of ${inProject(p).en}: ${named(p, 'reason') ?? ''}`,
  }),
  // Working-day calendar (issue 19)
  WORK_CALENDAR_YEAR_ENTERED: (p) => {
    const year = num(p.detail.year) ?? '';
    const days = `${num(p.detail.holidays) ?? 0}`;
    const worked = `${num(p.detail.workdays) ?? 0}`;
    return {
      zh: `${p.actor} 录入了${year}年节假日安排（放假 ${days} 天，调休上班 ${worked} 天）`,
      en: `${p.actor} entered the holiday arrangements of ${year} (${days} days off, ${worked} weekend days worked)`,
    };
  },
};

/** Whether an action has its own sentence (the test walks every action). */
export const hasAuditSentence = (action: AuditAction) => action in SENTENCES;

/** The event as one sentence in the reader's language. */
export function describeAuditEvent(event: AuditEvent, locale: Locale): string {
  const q = locale === 'zh-CN' ? quoteZh : quoteEn;
  const someone = locale === 'zh-CN' ? '未登录用户' : 'Someone not signed in';
  const username = event.actorUsername;
  const actor = event.actorName
    ? `${event.actorName}${username ? (locale === 'zh-CN' ? `（${username}）` : ` (${username})`) : ''}`
    : (username ?? someone);
  const project = event.projectName
    ? `${q(event.projectName)}${event.projectCode ? (locale === 'zh-CN' ? `（${event.projectCode}）` : ` (${event.projectCode})`) : ''}`
    : undefined;
  const parts: Parts = {
    locale,
    detail: event.detail ?? {},
    actor,
    org: event.orgName ?? undefined,
    target: event.targetName ?? undefined,
    project,
    q,
  };
  const sentence = SENTENCES[event.action];
  if (sentence) {
    const texts = sentence(parts);
    return (locale === 'zh-CN' ? texts.zh : texts.en).replace(/\s+/g, ' ').trim();
  }
  const label = AUDIT_ACTIONS[event.action][locale];
  const about = parts.target ? ` ${q(parts.target)}` : project ? ` ${project}` : '';
  return locale === 'zh-CN' ? `${actor} ${label}${about}` : `${actor}: ${label}${about}`;
}
