import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  projectDetail,
  projectDic,
  projectDicQuery,
  projectDicRequest,
  projectDicUpdateRequest,
  projectForm,
  projectListQuery,
  projectPage,
  projectStatusCounts,
  projectSummary,
  projectUpdateRequest,
  regionCodeField,
} from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { actingMember } from '../project-access/project-access.service.js';
import { auditActorOf } from '../audit/audit.service.js';
import {
  addProjectDic,
  changeProjectDic,
  checkProjectSubmitted,
  createApplication,
  deleteApplication,
  describeApplication,
  isApplicationAccepted,
  isFirstApplication,
  listApplications,
  countApplicationsByStatus,
  listProjectDics,
  previewProjectCode,
  removeProjectDic,
  revokeApplication,
  submitApplication,
  updateApplication,
} from './projects.service.js';

const tags = ['projects'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });
const orgParams = z.object({ orgId: z.uuid() });
const saved = z.object({ id: z.string(), code: z.string() });

/**
 * Project masters and review applications (spec §7 "Projects"). Area rules in API_ACCESS decide
 * who may call; the service decides which records the acting organisation may see or change.
 */
export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The area rule has settled the acting member (the orgId parameter, X-Org-Id, or a qualifying one). */
  const member = actingMember;

  app.get(
    '/api/checkDrawings/project/isSubmitted/:projectId',
    {
      schema: {
        tags,
        security,
        summary: 'Whether the application is submitted (and not recalled), for a party to the project',
        params: z.object({ projectId: z.uuid() }),
        response: { 200: envelopeOf(z.boolean()) },
      },
    },
    async (request) => {
      const submitted = await checkProjectSubmitted(app.ctx, {
        projectId: request.params.projectId,
        orgId: member(request).orgId,
      });
      return ok(request, submitted);
    },
  );

  // ---- project masters (工程项目) ----
  app.post(
    '/api/checkDrawings/:orgId/projectDic/add',
    {
      schema: {
        tags,
        security,
        summary: 'Registers a project master of the construction unit',
        params: orgParams,
        body: projectDicRequest,
        response: { 200: envelopeOf(projectDic) },
      },
    },
    async (request) =>
      ok(request, await addProjectDic(app.ctx, { orgId: request.params.orgId, request: request.body })),
  );
  app.post(
    '/api/checkDrawings/:orgId/projectDic/update',
    {
      schema: {
        tags,
        security,
        summary: 'Changes a project master',
        params: orgParams,
        body: projectDicUpdateRequest,
        response: { 200: envelopeOf(projectDic) },
      },
    },
    async (request) => {
      const { id, ...rest } = request.body;
      return ok(request, await changeProjectDic(app.ctx, { orgId: request.params.orgId, id, request: rest }));
    },
  );
  app.delete(
    '/api/checkDrawings/:orgId/projectDic/delete/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Deletes a project master that has no application',
        params: orgParams.extend({ id: z.uuid() }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await removeProjectDic(app.ctx, request.params);
      return ok(request, null);
    },
  );
  app.post(
    '/api/checkDrawings/:orgId/projectDic/query',
    {
      schema: {
        tags,
        security,
        summary: "The construction unit's project masters (isAlter: those a change can start from)",
        params: orgParams,
        body: projectDicQuery,
        response: { 200: envelopeOf(z.array(projectDic)) },
      },
    },
    async (request) =>
      ok(request, await listProjectDics(app.ctx, { orgId: request.params.orgId, query: request.body })),
  );

  // ---- applications (报审) ----
  app.get(
    '/api/checkDrawings/codeGenerate/getProjectCode',
    {
      schema: {
        tags,
        security,
        summary: 'The code the next application in a region would get (assigned for real on saving)',
        querystring: z.object({ regionCode: regionCodeField }),
        response: { 200: envelopeOf(z.string()) },
      },
    },
    async (request) => ok(request, await previewProjectCode(app.ctx, request.query.regionCode)),
  );
  app.post(
    '/api/checkDrawings/project/add',
    {
      schema: {
        tags,
        security,
        summary: 'Saves a new draft application',
        body: projectForm,
        response: { 200: envelopeOf(saved) },
      },
    },
    async (request) =>
      ok(
        request,
        await createApplication(app.ctx, {
          orgId: member(request).orgId,
          form: request.body,
          audit: auditActorOf(request),
        }),
      ),
  );
  app.put(
    '/api/checkDrawings/project/update',
    {
      schema: {
        tags,
        security,
        summary: 'Changes a draft application',
        body: projectUpdateRequest,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await updateApplication(app.ctx, {
        member: member(request),
        id: request.body.id,
        form: request.body.form,
        audit: auditActorOf(request),
      });
      return ok(request, null);
    },
  );
  app.delete(
    '/api/checkDrawings/project/delete/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Deletes a draft application',
        params: idParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await deleteApplication(app.ctx, {
        member: member(request),
        id: request.params.id,
        audit: auditActorOf(request),
      });
      return ok(request, null);
    },
  );
  app.put(
    '/api/checkDrawings/project/:id/submit/:n',
    {
      schema: {
        tags,
        security,
        summary: 'Submits a draft to its design and survey units (n: the submit count the form showed)',
        params: z.object({ id: z.uuid(), n: z.coerce.number().int().min(0) }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await submitApplication(app.ctx, {
        member: member(request),
        id: request.params.id,
        seen: request.params.n,
        audit: auditActorOf(request),
      });
      return ok(request, null);
    },
  );
  app.put(
    '/api/checkDrawings/project/revoke/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Recalls a submitted application until the review agency accepts it',
        params: idParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await revokeApplication(app.ctx, {
        member: member(request),
        id: request.params.id,
        audit: auditActorOf(request),
      });
      return ok(request, null);
    },
  );
  app.get(
    '/api/checkDrawings/project/detail/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One application, read-only',
        params: idParams,
        response: { 200: envelopeOf(projectDetail) },
      },
    },
    async (request) =>
      ok(request, await describeApplication(app.ctx, { member: member(request), id: request.params.id })),
  );
  app.get(
    '/api/checkDrawings/project/isFirstReport/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Whether this is the first application under its project master',
        params: idParams,
        response: { 200: envelopeOf(z.boolean()) },
      },
    },
    async (request) =>
      ok(request, await isFirstApplication(app.ctx, { member: member(request), id: request.params.id })),
  );
  app.get(
    '/api/checkDrawings/project/isAccept/:projectId',
    {
      schema: {
        tags,
        security,
        summary: 'Whether the review agency has accepted the application',
        params: z.object({ projectId: z.uuid() }),
        response: { 200: envelopeOf(z.boolean()) },
      },
    },
    async (request) =>
      ok(
        request,
        await isApplicationAccepted(app.ctx, { member: member(request), id: request.params.projectId }),
      ),
  );
  app.get(
    '/api/checkDrawings/project/baselist',
    {
      schema: {
        tags,
        security,
        summary: 'The newest 100 applications the acting organisation sees, for pickers',
        response: { 200: envelopeOf(z.array(projectSummary)) },
      },
    },
    async (request) => {
      const page = await listApplications(app.ctx, {
        member: member(request),
        query: { page: 0, pageSize: 100 },
      });
      return ok(request, page.items);
    },
  );
  app.get(
    '/api/checkDrawings/project/projectStatusCounts',
    {
      schema: {
        tags,
        security,
        summary: 'How many applications of the acting organisation’s list are in each status',
        response: { 200: envelopeOf(projectStatusCounts) },
      },
    },
    async (request) => ok(request, await countApplicationsByStatus(app.ctx, { member: member(request) })),
  );
  for (const path of ['pagelist', 'search', 'searchForSupervise'] as const)
    app.get(
      `/api/checkDrawings/project/${path}`,
      {
        schema: {
          tags,
          security,
          summary:
            path === 'searchForSupervise'
              ? 'Submitted applications a supervising authority (its region) or joint-review body sees'
              : 'The applications the acting organisation sees, newest first, with filters',
          querystring: projectListQuery,
          response: { 200: envelopeOf(projectPage) },
        },
      },
      async (request) =>
        ok(request, await listApplications(app.ctx, { member: member(request), query: request.query })),
    );
};
