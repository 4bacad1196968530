import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commitDocQuery,
  confirmApplyDocQuery,
  confirmApplyDocRequest,
  docFeedback,
  docVersionState,
  envelopeOf,
  feedbackQueryRequest,
  supplyDocQuery,
} from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { auditActorOf } from '../audit/audit.service.js';
import { actingMember } from '../project-access/project-access.service.js';
import {
  acceptDocs,
  commitDocs,
  describeDocVersionState,
  listDocFeedbacks,
  remindDocs,
  returnDocs,
  followApplicationSteps,
  sendDocsToReview,
} from './doc-handover.service.js';
import { describeRoute } from '../../lib/route-docs.js';

const tags = ['doc-repository'];
const BASE = '/api/checkDrawings/:orgId/:projectId';
const projectParams = z.object({ orgId: z.uuid(), projectId: z.uuid() });

/**
 * The hand-over of a version's materials (`docRepositoryOrg`, `docRepositoryFeedback`). The spec
 * makes the steps GETs; each changes state only as its name says, and is checked like any write.
 */
export const docHandoverRoutes: FastifyPluginAsyncZod = async (app) => {
  followApplicationSteps();
  app.get(
    `${BASE}/docRepositoryOrg/commitDoc`,
    {
      config: { writes: true },
      schema: {
        tags,
        ...describeRoute({
          zh: '本设计或勘察单位提交其在当前上传版本中某一类别的资料',
          en: 'The acting design or survey unit hands over its materials of one category in the version being uploaded',
          project: 'docs.commit',
        }),
        params: projectParams,
        querystring: commitDocQuery,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await commitDocs(app.ctx, {
        member: actingMember(request),
        projectId: request.params.projectId,
        versionId: request.query.versionId,
        category: request.query.category,
        audit: auditActorOf(request),
      });
      return ok(request, null);
    },
  );
  app.get(
    `${BASE}/docRepositoryOrg/confirmApplyDoc`,
    {
      config: { writes: true },
      schema: {
        tags,
        ...describeRoute({
          zh: '建设单位在各单位都提交后将版本送审；审查机构负责人或审查管理员受理已送审的版本',
          en: "The construction unit sends the version to review once every unit has committed; the agency's director or administrator accepts a sent version",
          project: ['docs.send', 'docs.accept'],
          errors: ['HANDOVER_SEND_NOT_READY', 'HANDOVER_WARNINGS_UNCONFIRMED', 'HANDOVER_ACCEPT_NOT_READY'],
        }),
        params: projectParams,
        // confirmWarnings=true: the sender has read the readiness warnings and sends anyway.
        querystring: confirmApplyDocRequest,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const member = actingMember(request);
      const input = {
        member,
        projectId: request.params.projectId,
        versionId: request.query.versionId,
        audit: auditActorOf(request),
      };
      // One call of the spec, two steps: the construction unit sends, anyone else accepts.
      if (member.orgType === 'CONSTRUCT')
        await sendDocsToReview(app.ctx, { ...input, confirmWarnings: request.query.confirmWarnings });
      else await acceptDocs(app.ctx, input);
      return ok(request, null);
    },
  );
  app.get(
    `${BASE}/docRepositoryOrg/supplyDoc`,
    {
      config: { writes: true },
      schema: {
        tags,
        ...describeRoute({
          zh: '审查机构按文件夹或类别说明原因退回已送审的版本（mode RETURN），或提醒各单位补充资料（REMIND）；items 为 JSON 数组',
          en: 'The agency returns the sent version with reasons per folder or category (mode RETURN), or reminds the units of missing materials (REMIND); items: a JSON array',
          project: ['docs.return', 'docs.remind'],
        }),
        params: projectParams,
        querystring: supplyDocQuery,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const input = {
        member: actingMember(request),
        projectId: request.params.projectId,
        versionId: request.query.versionId,
        items: request.query.items,
        audit: auditActorOf(request),
      };
      // One call of the spec, two steps: RETURN reopens the version, REMIND only tells the units.
      if (request.query.mode === 'RETURN') await returnDocs(app.ctx, input);
      else await remindDocs(app.ctx, input);
      return ok(request, null);
    },
  );
  app.get(
    `${BASE}/docRepositoryOrg/getDocVersionState`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '版本的进展、已提交的单位及调用者下一步可做的操作',
          en: 'Where the version stands, which units have handed over, and what the caller may do next',
          project: 'project.view',
        }),
        params: projectParams,
        querystring: confirmApplyDocQuery,
        response: { 200: envelopeOf(docVersionState) },
      },
    },
    async (request) =>
      ok(
        request,
        await describeDocVersionState(app.ctx, {
          member: actingMember(request),
          projectId: request.params.projectId,
          versionId: request.query.versionId,
        }),
      ),
  );
  app.post(
    `${BASE}/docRepositoryFeedback/query`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '审查机构退回版本的原因和提醒，最早在前',
          en: "The agency's reasons for returning the version and its reminders, oldest first",
          project: 'project.view',
        }),
        params: projectParams,
        body: feedbackQueryRequest,
        response: { 200: envelopeOf(z.array(docFeedback)) },
      },
    },
    async (request) =>
      ok(
        request,
        await listDocFeedbacks(app.ctx, {
          member: actingMember(request),
          projectId: request.params.projectId,
          versionId: request.body.versionId,
        }),
      ),
  );
};
