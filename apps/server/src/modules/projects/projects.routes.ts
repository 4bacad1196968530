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
import { describeRoute } from '../../lib/route-docs.js';

const tags = ['projects'];
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
        ...describeRoute({
          zh: '报审是否已提交（且未撤回），仅项目参与单位可查',
          en: 'Whether the application is submitted (and not recalled), for a party to the project',
        }),
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
        ...describeRoute({
          zh: '登记建设单位的项目',
          en: 'Registers a project master of the construction unit',
        }),
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
        ...describeRoute({ zh: '修改项目', en: 'Changes a project master' }),
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
        ...describeRoute({
          zh: '删除没有报审的项目',
          en: 'Deletes a project master that has no application',
          errors: ['PROJECT_DIC_IN_USE'],
        }),
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
        ...describeRoute({
          zh: '建设单位的项目（isAlter：可发起变更的项目）',
          en: "The construction unit's project masters (isAlter: those a change can start from)",
        }),
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
        ...describeRoute({
          zh: '某地区下一份报审将得到的编号（保存时才正式分配）',
          en: 'The code the next application in a region would get (assigned for real on saving)',
        }),
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
        ...describeRoute({
          zh: '保存新的报审草稿',
          en: 'Saves a new draft application',
          errors: ['PARTY_WRONG_TYPE', 'DICTIONARY_CODE_UNKNOWN'],
        }),
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
        ...describeRoute({
          zh: '修改报审草稿',
          en: 'Changes a draft application',
          project: 'application.edit',
          errors: ['PARTY_WRONG_TYPE', 'DICTIONARY_CODE_UNKNOWN'],
        }),
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
        ...describeRoute({
          zh: '删除报审草稿',
          en: 'Deletes a draft application',
          project: 'application.delete',
        }),
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
        ...describeRoute({
          zh: '向设计、勘察单位提交报审草稿（n：表单显示的提交次数）',
          en: 'Submits a draft to its design and survey units (n: the submit count the form showed)',
          project: 'application.submit',
          errors: ['PROJECT_NO_BUILDINGS', 'CONFLICT'],
        }),
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
        ...describeRoute({
          zh: '撤回已提交的报审（审查机构受理前）',
          en: 'Recalls a submitted application until the review agency accepts it',
          project: 'application.revoke',
        }),
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
        ...describeRoute({
          zh: '一份报审（只读）',
          en: 'One application, read-only',
          project: 'project.view',
        }),
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
        ...describeRoute({
          zh: '是否为该项目的首次报审',
          en: 'Whether this is the first application under its project master',
          project: 'project.view',
        }),
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
        ...describeRoute({
          zh: '审查机构是否已受理该报审',
          en: 'Whether the review agency has accepted the application',
          project: 'project.view',
        }),
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
        ...describeRoute({
          zh: '代表单位可见的最新 100 份报审，供选择',
          en: 'The newest 100 applications the acting organisation sees, for pickers',
        }),
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
        ...describeRoute({
          zh: '代表单位列表中各状态的报审数量',
          en: 'How many applications of the acting organisation’s list are in each status',
        }),
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
          ...describeRoute(
            path === 'searchForSupervise'
              ? {
                  zh: '主管部门（本地区）或联审部门可见的已提交报审',
                  en: 'Submitted applications a supervising authority (its region) or joint-review body sees',
                }
              : {
                  zh: '代表单位可见的报审，最新在前，可筛选',
                  en: 'The applications the acting organisation sees, newest first, with filters',
                },
          ),
          querystring: projectListQuery,
          response: { 200: envelopeOf(projectPage) },
        },
      },
      async (request) =>
        ok(request, await listApplications(app.ctx, { member: member(request), query: request.query })),
    );
};
