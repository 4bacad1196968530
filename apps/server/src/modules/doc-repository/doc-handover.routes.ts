import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commitDocQuery,
  confirmApplyDocQuery,
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

const tags = ['doc-repository'];
const security = [{ bearer: [] }];
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
        security,
        summary:
          'The acting design or survey unit hands over its materials of one category in the version being uploaded',
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
        security,
        summary:
          "The construction unit sends the version to review once every unit has committed; the agency's director or administrator accepts a sent version",
        params: projectParams,
        querystring: confirmApplyDocQuery,
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
      if (member.orgType === 'CONSTRUCT') await sendDocsToReview(app.ctx, input);
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
        security,
        summary:
          'The agency returns the sent version with reasons per folder or category (mode RETURN), or reminds the units of missing materials (REMIND); items: a JSON array',
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
        security,
        summary: 'Where the version stands, which units have handed over, and what the caller may do next',
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
        security,
        summary: "The agency's reasons for returning the version and its reminders, oldest first",
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
