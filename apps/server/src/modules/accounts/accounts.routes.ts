import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountDetail, changePasswordRequest, envelopeOf } from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { auditActorOf } from '../audit/audit.service.js';
import { changePassword, describeAccount } from './accounts.service.js';
import { describeRoute } from '../../lib/route-docs.js';

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/account',
    {
      schema: {
        tags: ['accounts'],
        ...describeRoute({ zh: '当前登录账号及其所属单位', en: 'The signed-in account and its memberships' }),
        response: { 200: envelopeOf(accountDetail) },
      },
    },
    async (request) => ok(request, describeAccount(app.ctx, request.auth!)),
  );

  app.post(
    '/api/admin/account/password',
    {
      schema: {
        tags: ['accounts'],
        ...describeRoute({
          zh: '修改本人密码（校验原密码，执行密码规则）',
          en: 'Change the own password (old password checked, policy enforced)',
          errors: ['PASSWORD_INCORRECT', 'PASSWORD_POLICY', 'PASSWORD_UNCHANGED'],
        }),
        body: changePasswordRequest,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await changePassword(app.ctx, {
        accountId: request.auth!.account.id,
        ...request.body,
        acceptLanguage: request.headers['accept-language'],
        actor: auditActorOf(request),
      });
      return ok(request, null);
    },
  );
};
