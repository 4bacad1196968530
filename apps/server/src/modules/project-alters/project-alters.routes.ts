import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  passedBuilding,
  passedBuildingsQuery,
  projectAlterDetail,
  projectAlterRequest,
  projectAlterSaved,
} from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { auditActorOf } from '../audit/audit.service.js';
import { actingMember } from '../project-access/project-access.service.js';
import { describeAlter, listPassedBuildingsOf, saveAlter } from './project-alters.service.js';

const tags = ['project-alters'];
const security = [{ bearer: [] }];

/**
 * Change applications (变更, spec §7 `projectAlterDetail`). Area rules in API_ACCESS decide who may
 * call; the service decides on the records: the construction unit's own masters and drafts, and
 * for the detail the visibility rule of projects.
 */
export const projectAltersRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The area rule has settled the acting member (X-Org-Id, or a qualifying one). */
  const member = actingMember;

  app.get(
    '/api/checkDrawings/projectAlterDetail/getPassedBuildings',
    {
      schema: {
        tags,
        security,
        summary: "The buildings of a project master's passed applications, which a change can pick",
        querystring: passedBuildingsQuery,
        response: { 200: envelopeOf(z.array(passedBuilding)) },
      },
    },
    async (request) =>
      ok(
        request,
        await listPassedBuildingsOf(app.ctx, {
          member: member(request),
          projectDicId: request.query.projectDicId,
        }),
      ),
  );
  app.post(
    '/api/checkDrawings/projectAlterDetail/saveOrUpdate',
    {
      schema: {
        tags,
        security,
        summary:
          'Saves a change application (no id) or changes a draft one: the form, the passed buildings it changes, what and why',
        body: projectAlterRequest,
        response: { 200: envelopeOf(projectAlterSaved) },
      },
    },
    async (request) =>
      ok(
        request,
        await saveAlter(app.ctx, {
          member: member(request),
          request: request.body,
          audit: auditActorOf(request),
        }),
      ),
  );
  app.get(
    '/api/checkDrawings/projectAlterDetail/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A change application: what changed and why, the buildings it changes, and the application',
        params: z.object({ id: z.uuid() }),
        response: { 200: envelopeOf(projectAlterDetail) },
      },
    },
    async (request) =>
      ok(request, await describeAlter(app.ctx, { member: member(request), id: request.params.id })),
  );
};
