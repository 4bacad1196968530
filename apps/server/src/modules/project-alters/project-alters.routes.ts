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
import { describeRoute } from '../../lib/route-docs.js';

const tags = ['project-alters'];

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
        ...describeRoute({
          zh: '项目已通过审查的报审中的单体，供变更选择',
          en: "The buildings of a project master's passed applications, which a change can pick",
          project: 'alter.start',
        }),
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
        ...describeRoute({
          zh: '保存变更申请（无 id）或修改草稿：表单、变更涉及的已通过单体、变更内容和原因',
          en: 'Saves a change application (no id) or changes a draft one: the form, the passed buildings it changes, what and why',
          project: ['alter.start', 'application.edit'],
          errors: ['ALTER_BUILDING_NOT_PASSED', 'PARTY_WRONG_TYPE', 'DICTIONARY_CODE_UNKNOWN'],
        }),
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
        ...describeRoute({
          zh: '变更申请：变更内容和原因、涉及的单体及报审信息',
          en: 'A change application: what changed and why, the buildings it changes, and the application',
          project: 'project.view',
        }),
        params: z.object({ id: z.uuid() }),
        response: { 200: envelopeOf(projectAlterDetail) },
      },
    },
    async (request) =>
      ok(request, await describeAlter(app.ctx, { member: member(request), id: request.params.id })),
  );
};
