import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  invitationSent,
  inviteMemberRequest,
  myInvitationList,
  orgInvitationList,
} from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { auditActorOf } from '../audit/audit.service.js';
import {
  acceptInvitation,
  cancelInvitation,
  declineInvitation,
  inviteMember,
  listMyInvitations,
  listOrgInvitations,
} from './invitations.service.js';
import { describeRoute } from '../../lib/route-docs.js';

const orgParams = z.object({ orgId: z.uuid() });
const orgInvitationParams = z.object({ orgId: z.uuid(), invitationId: z.uuid() });
const ownParams = z.object({ id: z.uuid() });
const tags = ['members'];

export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/orgs/:orgId/invitations',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '按用户名邀请已有账号（账号是否存在，回答相同）',
          en: 'Invite an existing account by username (the same answer whether or not it exists)',
          errors: [
            'ALREADY_INVITED',
            'ALREADY_MEMBER',
            'PROFILE_NOT_ALLOWED',
            'CANNOT_RAISE_OWN_PROFILES',
            'PLATFORM_PROFILE_OPERATOR_ONLY',
            'PLATFORM_PROFILE_SYSTEM_ADMIN_ONLY',
          ],
        }),
        description:
          'The person joins once they accept from their own to-dos. An unknown username and a ' +
          'system administrator get the same answer as any account; their invitation can never be ' +
          `accepted. Invitations expire after a few days.`,
        params: orgParams,
        body: inviteMemberRequest,
        response: { 200: envelopeOf(invitationSent) },
      },
    },
    async (request) =>
      ok(
        request,
        await inviteMember(app.ctx, {
          orgId: request.params.orgId,
          request: request.body,
          actor: request.auth!.principal,
          audit: auditActorOf(request),
        }),
      ),
  );

  app.get(
    '/api/admin/orgs/:orgId/invitations',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '本单位待答复的邀请，仅显示用户名',
          en: "The organisation's invitations waiting for an answer, by username only",
        }),
        params: orgParams,
        response: { 200: envelopeOf(orgInvitationList) },
      },
    },
    async (request) => ok(request, await listOrgInvitations(app.ctx, request.params.orgId)),
  );

  app.post(
    '/api/admin/orgs/:orgId/invitations/:invitationId/cancel',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '撤销尚未答复的邀请',
          en: 'Withdraw an invitation still waiting for an answer',
          errors: ['INVITATION_NOT_PENDING'],
        }),
        params: orgInvitationParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await cancelInvitation(app.ctx, { ...request.params, audit: auditActorOf(request) });
      return ok(request, null);
    },
  );

  app.get(
    '/api/admin/account/invitations',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '调用者收到的待答复的入单位邀请',
          en: "The caller's invitations to join organisations, waiting for their answer",
        }),
        response: { 200: envelopeOf(myInvitationList) },
      },
    },
    async (request) => ok(request, await listMyInvitations(app.ctx, request.auth!.account.id)),
  );

  app.post(
    '/api/admin/account/invitations/:id/accept',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '接受邀请：以邀请的权限加入该单位',
          en: 'Accept an invitation: join the organisation with the invited profiles',
          errors: ['ALREADY_MEMBER', 'INVITATION_NOT_PENDING', 'INVITATION_NO_LONGER_VALID'],
        }),
        params: ownParams,
        response: { 200: envelopeOf(z.object({ orgId: z.string(), memberId: z.string() })) },
      },
    },
    async (request) =>
      ok(
        request,
        await acceptInvitation(app.ctx, {
          id: request.params.id,
          accountId: request.auth!.account.id,
          audit: auditActorOf(request),
        }),
      ),
  );

  app.post(
    '/api/admin/account/invitations/:id/decline',
    {
      schema: {
        tags,
        ...describeRoute({ zh: '拒绝邀请', en: 'Decline an invitation', errors: ['INVITATION_NOT_PENDING'] }),
        params: ownParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await declineInvitation(app.ctx, {
        id: request.params.id,
        accountId: request.auth!.account.id,
        audit: auditActorOf(request),
      });
      return ok(request, null);
    },
  );
};
