import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditAction, type AuditEvent } from './audit-contracts.js';
import { describeAuditEvent, hasAuditSentence } from './audit-sentence.js';

const ID = '3f1c2a9e-8b7d-4c6e-9f00-1a2b3c4d5e6f';

const event = (action: AuditAction, more: Partial<AuditEvent> = {}): AuditEvent => ({
  id: ID,
  occurredAt: '2026-11-27T02:00:00.000Z',
  action,
  actorAccountId: ID,
  actorUsername: 'construct_admin',
  actorName: '王建国',
  orgId: ID,
  orgName: '长沙市城市建设投资开发集团有限公司',
  ip: '10.0.0.1',
  targetType: null,
  targetId: null,
  targetName: null,
  projectName: null,
  projectCode: null,
  detail: null,
  ...more,
});

/** What a reader must never see: ids, JSON, code names. */
const RAW = /[0-9a-f]{8}-[0-9a-f]{4}|[{}[\]"]|\b[A-Z]+_[A-Z_]+\b|undefined|null|\bNaN\b/;

/** A plausible detail of each kind the server records, so every branch gets words. */
const DETAILS: Partial<Record<AuditAction, Partial<AuditEvent>>> = {
  SIGN_IN_FAILED: { detail: { reason: 'wrong_password' }, actorName: null },
  ACCOUNT_LOCKED: { detail: { minutes: 10 }, targetType: 'account', targetId: ID, targetName: '王建国' },
  MEMBER_ADDED: {
    targetType: 'member',
    targetId: ID,
    targetName: '李娜',
    detail: { username: 'li_na', admin: true, profiles: ['PROJECT_APPLICATION'], existingAccount: false },
  },
  MEMBER_UPDATED: {
    targetType: 'member',
    targetId: ID,
    targetName: '李娜',
    detail: {
      before: { admin: false, enabled: true, profiles: ['DATA_UPLOAD'] },
      after: { admin: true, enabled: false, profiles: ['DATA_UPLOAD'] },
    },
  },
  ORG_CREATED: {
    targetType: 'org',
    targetId: ID,
    targetName: '湖南省建筑设计院集团股份有限公司',
    detail: {
      name: '湖南省建筑设计院集团股份有限公司',
      orgType: 'DESIGN',
      creditCode: '91430000',
      admin: 'd_admin',
    },
  },
  ORG_UPDATED: {
    targetType: 'org',
    targetId: ID,
    targetName: '某单位',
    detail: { name: '新名', address: '长沙' },
  },
  PROJECT_SUBMITTED: {
    targetType: 'project',
    targetId: ID,
    projectName: '岳麓区含浦片区安置房项目（一期）',
    projectCode: '430104-2026-0001',
    detail: { code: '430104-2026-0001', round: 2 },
  },
  BUILDING_REJECTED: {
    targetType: 'building',
    targetId: ID,
    targetName: '1#住宅楼',
    projectName: '安置房项目',
    detail: { projectId: ID, name: '1#住宅楼', reason: '层数与图纸不符' },
  },
  BUILDING_UPDATED: {
    targetType: 'building',
    targetId: ID,
    targetName: '1#住宅楼',
    projectName: '安置房项目',
    detail: { projectId: ID, name: '1#住宅楼', part: 'hazardSources' },
  },
  DOC_COMMITTED: {
    targetType: 'project',
    targetId: ID,
    projectName: '安置房项目',
    detail: { version: 1, category: 'DESIGN' },
  },
  DOC_ENTRIES_DELETED: {
    targetType: 'project',
    targetId: ID,
    projectName: '安置房项目',
    detail: { folders: ['旧图'], files: ['a.pdf', 'b.pdf', 'c.pdf'], filesInside: 2 },
  },
  MARKUPS_IMPORTED: {
    targetType: 'docFile',
    targetId: ID,
    projectName: '安置房项目',
    detail: { projectId: ID, name: 'A-101 平面图.pdf', count: 12 },
  },
  FORUM_TOPIC_MODERATED: {
    targetType: 'forumTopic',
    targetId: ID,
    detail: { title: '如何上传', hidden: true },
  },
};

describe('describeAuditEvent', () => {
  it('has a sentence of its own for every audited action', () => {
    const missing = (Object.keys(AUDIT_ACTIONS) as AuditAction[]).filter((a) => !hasAuditSentence(a));
    expect(missing).toEqual([]);
  });

  it('never shows an id, JSON or a code name, in either language, whatever the detail', () => {
    for (const action of Object.keys(AUDIT_ACTIONS) as AuditAction[])
      for (const shape of [DETAILS[action] ?? {}, { detail: { unknownKey: { deep: [1, 2] } } }, {}])
        for (const locale of ['zh-CN', 'en-US'] as const) {
          const text = describeAuditEvent(event(action, shape), locale);
          expect(text, `${action} ${locale}`).not.toMatch(RAW);
          expect(text.length, `${action} ${locale}`).toBeGreaterThan(5);
        }
  });

  it('names the person, the organisation, the application and the building', () => {
    expect(describeAuditEvent(event('SIGN_IN'), 'zh-CN')).toBe('王建国（construct_admin） 登录成功');
    expect(describeAuditEvent(event('SIGN_IN'), 'en-US')).toBe('王建国 (construct_admin) signed in');
    expect(describeAuditEvent(event('PROJECT_SUBMITTED', DETAILS.PROJECT_SUBMITTED), 'zh-CN')).toBe(
      '王建国（construct_admin） 提交了报审「岳麓区含浦片区安置房项目（一期）」（430104-2026-0001）（第 2 次）',
    );
    expect(describeAuditEvent(event('BUILDING_REJECTED', DETAILS.BUILDING_REJECTED), 'en-US')).toBe(
      '王建国 (construct_admin) rejected building “1#住宅楼” of application “安置房项目”: 层数与图纸不符',
    );
    expect(describeAuditEvent(event('MEMBER_ADDED', DETAILS.MEMBER_ADDED), 'zh-CN')).toBe(
      '王建国（construct_admin） 在长沙市城市建设投资开发集团有限公司新增人员 李娜，权限：单位管理员、项目报审',
    );
    expect(describeAuditEvent(event('MEMBER_UPDATED', DETAILS.MEMBER_UPDATED), 'zh-CN')).toBe(
      '王建国（construct_admin） 修改了 李娜 的权限或状态：停用，设为单位管理员，权限为 资料上传',
    );
    expect(describeAuditEvent(event('ORG_CREATED', DETAILS.ORG_CREATED), 'zh-CN')).toBe(
      '王建国（construct_admin） 新增设计单位「湖南省建筑设计院集团股份有限公司」，管理员账号 d_admin',
    );
    expect(describeAuditEvent(event('DOC_COMMITTED', DETAILS.DOC_COMMITTED), 'zh-CN')).toBe(
      '王建国（construct_admin） 提交了报审「安置房项目」第 1 版的施工图',
    );
  });

  it('says who tried to sign in, and why it failed, without an account', () => {
    const failed = event('SIGN_IN_FAILED', {
      actorAccountId: null,
      actorName: null,
      actorUsername: 'nobody',
      detail: { reason: 'unknown_username' },
    });
    expect(describeAuditEvent(failed, 'zh-CN')).toBe('nobody 登录失败：用户名不存在');
    expect(describeAuditEvent(failed, 'en-US')).toBe('Sign-in as nobody failed: unknown username');
    // A reason the reader has no words for is left out, not shown raw.
    expect(describeAuditEvent({ ...failed, detail: { reason: 'some_new_reason' } }, 'zh-CN')).toBe(
      'nobody 登录失败',
    );
  });
});
