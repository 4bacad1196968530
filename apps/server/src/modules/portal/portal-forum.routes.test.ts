import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  ORG_HEADER,
  type AuditPage,
  type ForumReply,
  type ForumTopic,
  type ForumTopicSummary,
} from '@drp/domain';
import { DEMO_ORGS } from '../../db/seed/demo-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

interface Page<T> {
  total: number;
  items: T[];
}

const orgName = (key: string) => DEMO_ORGS.find((o) => o.key === key)!.name;

function detailOf<T>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ detail: T }>().detail;
}

function refused(res: LightMyRequestResponse, status: number, errorCode: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ code: string }>().code, res.body).toBe(errorCode);
}

/** Script, handler and javascript: URL that must never come back from the server. */
const HOSTILE =
  '<p onclick="steal()">你好<script>alert(1)</script></p><img src="x" onerror="alert(2)">' +
  '<a href="javascript:alert(3)">链接</a><iframe src="https://evil.example"></iframe>';

const USERS = [
  'info_staff',
  'sysadmin',
  'design_admin',
  'design_user',
  'multi_user',
  'construct_admin',
  'survey_admin',
  'censor_admin',
  'control_admin',
] as const;
type User = (typeof USERS)[number];

describe('portal forum', () => {
  let t: TestApp;
  const tokens = {} as Record<User, string>;

  const get = (url: string, user?: User, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...headers, ...(user ? { authorization: `Bearer ${tokens[user]}` } : {}) },
    });
  const send = (method: 'POST' | 'PUT', url: string, user: User | null, payload: object, headers = {}) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { ...headers, ...(user ? { authorization: `Bearer ${tokens[user]}` } : {}) },
    });
  const publicTopics = async (query = '') =>
    detailOf<Page<ForumTopicSummary>>(await get(`/api/portal/forum/topics${query}`));
  const staffTopics = async (query = '') =>
    detailOf<Page<ForumTopicSummary>>(await get(`/api/info/portal/forum/topics${query}`, 'info_staff'));
  const open = async (user: User, title: string, bodyHtml = '<p>正文</p>', headers = {}) =>
    detailOf<ForumTopic>(await send('POST', '/api/portal/forum/topics', user, { title, bodyHtml }, headers));
  const reply = (user: User, topicId: string, bodyHtml: string) =>
    send('POST', `/api/portal/forum/topics/${topicId}/replies`, user, { bodyHtml });
  const moderateTopic = (id: string, body: object, user: User = 'info_staff') =>
    send('PUT', `/api/info/portal/forum/topics/${id}`, user, body);
  const moderateReply = (id: string, hidden: boolean, user: User = 'info_staff') =>
    send('PUT', `/api/info/portal/forum/replies/${id}`, user, { hidden });

  beforeAll(async () => {
    t = await createTestApp();
    for (const user of USERS) tokens[user] = await t.signIn(user);
  });
  afterAll(() => t?.close());

  it('shows the demonstration topics, most recently active first, with their replies oldest first', async () => {
    const page = await publicTopics();
    expect(page.total).toBe(2);
    expect(page.items.every((i) => i.title.startsWith('【演示】'))).toBe(true);
    const [newer, older] = page.items;
    expect(newer!.lastReplyAt! > older!.lastReplyAt!).toBe(true);
    const topic = detailOf<ForumTopic>(await get(`/api/portal/forum/topics/${older!.id}`));
    expect(topic.replies).toHaveLength(older!.replyCount);
    const times = topic.replies.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort());
    expect(topic.replies.every((r) => r.bodyHtml.includes('【演示】'))).toBe(true);
    const onePerPage = await publicTopics('?pageSize=1&page=1');
    expect(onePerPage).toMatchObject({ total: 2, items: [{ id: older!.id }] });
  });

  it('lets a signed-in user open a topic in their name and organisation; anonymous callers get 401', async () => {
    const topic = await open('design_admin', '  施工图审查意见回复的格式问题  ');
    expect(topic).toMatchObject({
      title: '施工图审查意见回复的格式问题',
      authorName: '陈明',
      orgName: orgName('design'),
      replyCount: 0,
      lastReplyAt: null,
      hidden: false,
      locked: false,
      replies: [],
    });
    expect((await publicTopics()).items[0]!.id).toBe(topic.id);
    // A member of two organisations posts for the one the X-Org-Id header names.
    const asSurvey = await open('multi_user', '勘察单位的提问', '<p>提问</p>', {
      [ORG_HEADER]: (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/account',
          headers: { authorization: `Bearer ${tokens.multi_user}` },
        })
      )
        .json<{ detail: { members: { orgId: string; orgName: string }[] } }>()
        .detail.members.find((m) => m.orgName === orgName('survey'))!.orgId,
    });
    expect(asSurvey).toMatchObject({ authorName: '许文', orgName: orgName('survey') });
    // The system admin belongs to no organisation.
    expect((await open('sysadmin', '平台使用说明')).orgName).toBeNull();

    refused(
      await send('POST', '/api/portal/forum/topics', null, { title: '匿名', bodyHtml: '<p>x</p>' }),
      401,
      'UNAUTHORIZED',
    );
    refused(
      await send('POST', `/api/portal/forum/topics/${topic.id}/replies`, null, { bodyHtml: '<p>x</p>' }),
      401,
      'UNAUTHORIZED',
    );
    refused(
      await send('POST', '/api/portal/forum/topics', 'design_admin', { title: '', bodyHtml: '<p>x</p>' }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('sanitises topics and replies: no script, handler or javascript: URL ever comes back', async () => {
    const topic = await open('construct_admin', '带脚本的帖子', HOSTILE);
    const posted = detailOf<ForumReply>(await reply('design_user', topic.id, HOSTILE));
    const read = detailOf<ForumTopic>(await get(`/api/portal/forum/topics/${topic.id}`));
    const staffRead = detailOf<ForumTopic>(
      await get(`/api/info/portal/forum/topics/${topic.id}`, 'info_staff'),
    );
    for (const html of [
      topic.bodyHtml,
      posted.bodyHtml,
      read.bodyHtml,
      read.replies[0]!.bodyHtml,
      staffRead.bodyHtml,
    ]) {
      expect(html).toContain('你好');
      expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|alert\(/i);
    }
    // Nothing readable left after cleaning: refused, not stored as an empty post.
    refused(
      await send('POST', '/api/portal/forum/topics', 'construct_admin', {
        title: '只有脚本',
        bodyHtml: '<script>alert(1)</script><p> </p>',
      }),
      400,
      'FORUM_BODY_EMPTY',
    );
    refused(
      await reply('construct_admin', topic.id, '<iframe src="https://evil.example"></iframe>'),
      400,
      'FORUM_BODY_EMPTY',
    );
    expect(detailOf<ForumTopic>(await get(`/api/portal/forum/topics/${topic.id}`)).replyCount).toBe(1);
  });

  it('counts a reply on its topic and moves the topic to the top', async () => {
    const quiet = await open('survey_admin', '较早的主题');
    await open('survey_admin', '较新的主题');
    t.advance(60_000);
    const posted = detailOf<ForumReply>(await reply('censor_admin', quiet.id, '<p>答复：请按规范执行。</p>'));
    expect(posted).toMatchObject({ authorName: '张伟', orgName: orgName('censor'), hidden: false });
    t.advance(60_000);
    await reply('design_admin', quiet.id, '<p>收到，谢谢。</p>');
    const top = (await publicTopics()).items[0]!;
    expect(top).toMatchObject({ id: quiet.id, replyCount: 2 });
    const topic = detailOf<ForumTopic>(await get(`/api/portal/forum/topics/${quiet.id}`));
    expect(topic.replies.map((r) => r.authorName)).toEqual(['张伟', '陈明']);
    expect(topic.lastReplyAt).toBe(topic.replies[1]!.createdAt);
    refused(await reply('design_admin', randomUUID(), '<p>x</p>'), 404, 'NOT_FOUND');
    refused(await get('/api/portal/forum/topics/not-an-id'), 404, 'NOT_FOUND');
  });

  it('refuses replies to a locked topic, which the public still reads', async () => {
    const topic = await open('control_admin', '本周系统维护通知');
    const locked = detailOf<ForumTopicSummary>(await moderateTopic(topic.id, { locked: true }));
    expect(locked).toMatchObject({ locked: true, hidden: false });
    refused(await reply('design_admin', topic.id, '<p>还能回复吗？</p>'), 409, 'FORUM_TOPIC_LOCKED');
    expect(detailOf<ForumTopic>(await get(`/api/portal/forum/topics/${topic.id}`)).locked).toBe(true);
    await moderateTopic(topic.id, { locked: false });
    expect((await reply('design_admin', topic.id, '<p>解锁后回复</p>')).statusCode).toBe(200);
  });

  it('hides a topic from the public (404, gone from the list, no replies) while staff still see it', async () => {
    const topic = await open('construct_admin', '广告帖');
    const hidden = detailOf<ForumTopicSummary>(await moderateTopic(topic.id, { hidden: true }));
    expect(hidden.hidden).toBe(true);
    refused(await get(`/api/portal/forum/topics/${topic.id}`), 404, 'NOT_FOUND');
    expect((await publicTopics('?pageSize=50')).items.some((i) => i.id === topic.id)).toBe(false);
    refused(await reply('design_admin', topic.id, '<p>回复</p>'), 404, 'FORUM_TOPIC_HIDDEN');
    const staffList = await staffTopics('?pageSize=50');
    expect(staffList.items.find((i) => i.id === topic.id)?.hidden).toBe(true);
    expect(staffList.total).toBe((await publicTopics()).total + 1);
    expect(
      detailOf<ForumTopic>(await get(`/api/info/portal/forum/topics/${topic.id}`, 'info_staff')).hidden,
    ).toBe(true);
    // Shown again, it is back for everyone.
    await moderateTopic(topic.id, { hidden: false });
    expect((await get(`/api/portal/forum/topics/${topic.id}`)).statusCode).toBe(200);
    // Only staff moderate.
    refused(await moderateTopic(topic.id, { hidden: true }, 'design_admin'), 403, 'FORBIDDEN');
    refused(await moderateTopic(randomUUID(), { hidden: true }), 404, 'NOT_FOUND');
  });

  it('hides a reply from the public and its count; staff still see it, and every moderation is audited', async () => {
    const topic = await open('design_user', '关于审查时限的讨论');
    const keep = detailOf<ForumReply>(await reply('censor_admin', topic.id, '<p>正常回复</p>'));
    const spam = detailOf<ForumReply>(await reply('construct_admin', topic.id, '<p>无关内容</p>'));
    expect(detailOf<ForumReply>(await moderateReply(spam.id, true)).hidden).toBe(true);
    // Hiding twice changes nothing more.
    await moderateReply(spam.id, true);
    const read = detailOf<ForumTopic>(await get(`/api/portal/forum/topics/${topic.id}`));
    expect(read.replies.map((r) => r.id)).toEqual([keep.id]);
    expect(read.replyCount).toBe(1);
    const staffRead = detailOf<ForumTopic>(
      await get(`/api/info/portal/forum/topics/${topic.id}`, 'sysadmin'),
    );
    expect(staffRead.replies.map((r) => [r.id, r.hidden])).toEqual([
      [keep.id, false],
      [spam.id, true],
    ]);
    await moderateReply(spam.id, false);
    expect(detailOf<ForumTopic>(await get(`/api/portal/forum/topics/${topic.id}`)).replyCount).toBe(2);
    refused(await moderateReply(randomUUID(), true), 404, 'NOT_FOUND');
    refused(await moderateReply(spam.id, true, 'censor_admin'), 403, 'FORBIDDEN');

    const audit = detailOf<AuditPage>(
      await get('/api/admin/audit-events?action=FORUM_REPLY_MODERATED&size=100', 'sysadmin'),
    );
    const events = audit.items.filter((e) => e.targetId === topic.id);
    expect(events.map((e) => [e.actorUsername, e.detail])).toEqual([
      ['info_staff', { replyId: spam.id, hidden: false }],
      ['info_staff', { replyId: spam.id, hidden: true }],
    ]);
    const topicEvents = detailOf<AuditPage>(
      await get('/api/admin/audit-events?action=FORUM_TOPIC_MODERATED&size=100', 'sysadmin'),
    );
    expect(topicEvents.items.length).toBeGreaterThanOrEqual(4);
    expect(topicEvents.items.every((e) => e.targetType === 'forumTopic')).toBe(true);
  });

  it('answers public forum reads with an ETag, revalidated every time', async () => {
    const first = await get('/api/portal/forum/topics');
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await get('/api/portal/forum/topics', undefined, { 'if-none-match': etag })).statusCode).toBe(
      304,
    );
    const id = (await publicTopics()).items[0]!.id;
    await reply('survey_admin', id, '<p>新的回复</p>');
    expect((await get('/api/portal/forum/topics', undefined, { 'if-none-match': etag })).statusCode).toBe(
      200,
    );
    // A missing topic is an error, never cached.
    const missing = await get(`/api/portal/forum/topics/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });

  it('stops one account posting in a flood, without stopping the others', async () => {
    const topic = await open('control_admin', '限流测试');
    const answers: number[] = [];
    for (let i = 0; i < 12; i++)
      answers.push((await reply('control_admin', topic.id, `<p>第 ${i} 条</p>`)).statusCode);
    expect(answers.filter((s) => s === 200).length).toBeLessThanOrEqual(10);
    expect(answers.at(-1)).toBe(429);
    refused(await reply('control_admin', topic.id, '<p>还在刷</p>'), 429, 'RATE_LIMITED');
    expect((await reply('censor_admin', topic.id, '<p>别人照常回复</p>')).statusCode).toBe(200);
  });
});
