import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LIMITS,
  addMemberRequest,
  envelopeOf,
  forgotPasswordRequest,
  orgMembersResult,
  passwordResetResult,
  updateMemberRequest,
} from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { auditActorOf } from '../audit/audit.service.js';
import { invitationsRoutes } from './invitations.routes.js';
import {
  addMember,
  isBusinessAdmin,
  listMembers,
  resetMemberPassword,
  unlockMember,
  updateMember,
} from './members.service.js';
import { describeRoute } from '../../lib/route-docs.js';
import { requestPasswordReset } from './password-reset.service.js';

const orgParams = z.object({ orgId: z.uuid() });
const memberParams = z.object({ orgId: z.uuid(), memberId: z.uuid() });
const tags = ['members'];

export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(invitationsRoutes);

  app.post(
    '/uaa/forgot-password',
    {
      // Each request may give admins a to-do: limited per address like sign-in.
      config: { rateLimit: { max: LIMITS.loginRateLimitPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        ...describeRoute({
          zh: '忘记密码：请本人所在单位的管理员生成一次性密码（账号是否存在，回答相同）',
          en: 'Forgotten password: ask the admins of the person’s organisation for a one-time password (the same answer whether or not the account exists)',
          errors: ['RATE_LIMITED'],
        }),
        description:
          'The admins of each organisation the account belongs to (or of the one named by orgName) get a to-do, once while it is open; issuing a one-time password (POST …/members/:memberId/password-reset) settles it. No e-mail or SMS is sent.',
        body: forgotPasswordRequest,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await requestPasswordReset(app.ctx, { ...request.body, ip: request.ip });
      return ok(request, null);
    },
  );

  app.get(
    '/api/admin/permission/isBusinessAdmin',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '调用者是否为单位管理员（查询参数 orgId；不带时为任一单位）',
          en: 'Whether the caller administers the organisation (query orgId; without it, any organisation)',
        }),
        querystring: z.object({ orgId: z.uuid().optional() }),
        response: { 200: envelopeOf(z.boolean()) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const orgIds = request.query.orgId ? [request.query.orgId] : auth.memberships.map((m) => m.orgId);
      return ok(request, await isBusinessAdmin(app.ctx, { accountId: auth.account.id, orgIds }));
    },
  );

  app.get(
    '/api/admin/orgs/:orgId/members',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '本单位人员，含权限、管理员标记和状态（仅单位管理员）',
          en: "The organisation's people, with profiles, admin flag and state (org admins only)",
        }),
        params: orgParams,
        response: { 200: envelopeOf(orgMembersResult) },
      },
    },
    async (request) =>
      ok(
        request,
        await listMembers(app.ctx, { orgId: request.params.orgId, actor: request.auth!.principal }),
      ),
  );

  app.post(
    '/api/admin/orgs/:orgId/members',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '以新账号添加人员（已有账号请改用邀请）',
          en: 'Add a person with a new account (an existing account is invited instead)',
          errors: [
            'USERNAME_TAKEN',
            'PASSWORD_POLICY',
            'PROFILE_NOT_ALLOWED',
            'CANNOT_RAISE_OWN_PROFILES',
            'PLATFORM_PROFILE_OPERATOR_ONLY',
            'PLATFORM_PROFILE_SYSTEM_ADMIN_ONLY',
          ],
        }),
        params: orgParams,
        body: addMemberRequest,
        response: { 200: envelopeOf(z.object({ id: z.string() })) },
      },
    },
    async (request) =>
      ok(
        request,
        await addMember(app.ctx, {
          orgId: request.params.orgId,
          request: request.body,
          actor: request.auth!.principal,
          acceptLanguage: request.headers['accept-language'],
          audit: auditActorOf(request),
        }),
      ),
  );

  app.put(
    '/api/admin/orgs/:orgId/members/:memberId',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '修改人员的权限、管理员标记或启用状态；不能去掉最后一位管理员，也不能提升自己',
          en: 'Change profiles, admin flag or enabled state; the last admin cannot be removed, nobody raises their own',
          errors: [
            'LAST_ADMIN',
            'CANNOT_DISABLE_SELF',
            'CANNOT_RAISE_OWN_PROFILES',
            'CANNOT_RAISE_OWN_ADMIN',
            'PROFILE_NOT_ALLOWED',
            'PLATFORM_PROFILE_OPERATOR_ONLY',
            'PLATFORM_PROFILE_SYSTEM_ADMIN_ONLY',
          ],
        }),
        params: memberParams,
        body: updateMemberRequest,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await updateMember(app.ctx, {
        ...request.params,
        request: request.body,
        actor: request.auth!.principal,
        audit: auditActorOf(request),
      });
      return ok(request, null);
    },
  );

  app.post(
    '/api/admin/orgs/:orgId/members/:memberId/password-reset',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '为人员设置临时密码（只显示一次；下次登录须修改）',
          en: 'Give the person a temporary password (shown once; must be changed at the next sign-in)',
          errors: ['RESET_NOT_ALLOWED'],
        }),
        params: memberParams,
        response: { 200: envelopeOf(passwordResetResult) },
      },
    },
    async (request) =>
      ok(
        request,
        await resetMemberPassword(app.ctx, {
          ...request.params,
          actor: request.auth!.principal,
          audit: auditActorOf(request),
        }),
      ),
  );

  app.post(
    '/api/admin/orgs/:orgId/members/:memberId/unlock',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '解除登录锁定',
          en: 'Lift a sign-in lockout',
          errors: ['UNLOCK_NOT_ALLOWED'],
        }),
        params: memberParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await unlockMember(app.ctx, {
        ...request.params,
        actor: request.auth!.principal,
        audit: auditActorOf(request),
      });
      return ok(request, null);
    },
  );
};
