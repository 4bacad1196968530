import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addMemberRequest,
  envelopeOf,
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

const orgParams = z.object({ orgId: z.uuid() });
const memberParams = z.object({ orgId: z.uuid(), memberId: z.uuid() });
const tags = ['members'];
const security = [{ bearer: [] }];

export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(invitationsRoutes);

  app.get(
    '/api/admin/permission/isBusinessAdmin',
    {
      schema: {
        tags,
        security,
        summary:
          'Whether the caller administers the organisation (query orgId; without it, any organisation)',
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
        security,
        summary: "The organisation's people, with profiles, admin flag and state (org admins only)",
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
        security,
        summary: 'Add a person with a new account (an existing account is invited instead)',
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
        security,
        summary:
          'Change profiles, admin flag or enabled state; the last admin cannot be removed, nobody raises their own',
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
        security,
        summary: 'Give the person a temporary password (shown once; must be changed at the next sign-in)',
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
        security,
        summary: 'Lift a sign-in lockout',
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
