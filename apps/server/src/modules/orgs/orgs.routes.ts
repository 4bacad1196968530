import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commaList,
  ORG_TYPES,
  companyOption,
  companyPage,
  companyQuery,
  adminCreateOrgRequest,
  envelopeOf,
  orgAdminsEntry,
  orgDetail,
  orgDetailsRequest,
  orgSummary,
  setOrgEnabledRequest,
} from '@drp/domain';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { auditActorOf } from '../audit/audit.service.js';
import {
  addDirectoryEntry,
  changeOrgDetails,
  getOrgDetail,
  changeOrgEnabled,
  createOrganisation,
  findCompanies,
  findOrgAdmins,
  listCompaniesOfType,
} from './orgs.service.js';
import { describeRoute } from '../../lib/route-docs.js';

const tags = ['orgs'];
/** Comma-separated organisation ids, as the legacy calls take them. */
const idList = commaList(z.uuid(), { min: 1 });

export const orgsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/company/pasau/getAllCompany',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '单位列表，可按类型、启用状态、名称或信用代码、地区筛选并分页',
          en: 'Organisations with filters (type, enabled, name or credit code, region) and paging',
        }),
        querystring: companyQuery,
        response: { 200: envelopeOf(companyPage) },
      },
    },
    async (request) => ok(request, await findCompanies(app.ctx, request.query)),
  );

  app.get(
    '/api/admin/company/getCompanyByOrgType/:type',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '某一类型的已启用单位，供选择',
          en: 'Enabled organisations of one type, for pickers',
        }),
        params: z.object({ type: z.enum(ORG_TYPES) }),
        response: { 200: envelopeOf(z.array(companyOption)) },
      },
    },
    async (request) => ok(request, await listCompaniesOfType(app.ctx, request.params.type)),
  );

  app.get(
    '/api/admin/member/getOrgAdmins/:ids',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '若干单位的管理员（联系人）',
          en: 'The admins (contact persons) of several organisations',
        }),
        params: z.object({ ids: idList }),
        response: { 200: envelopeOf(z.array(orgAdminsEntry)) },
      },
    },
    async (request) => ok(request, await findOrgAdmins(app.ctx, request.params.ids)),
  );

  app.get(
    '/api/admin/member/getOrgAdmin/:id',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '一个单位的管理员（联系人）；单位不存在或已停用时答 404',
          en: 'The admins (contact persons) of one organisation; 404 when it does not exist or is disabled',
        }),
        params: z.object({ id: z.uuid() }),
        response: { 200: envelopeOf(orgAdminsEntry) },
      },
    },
    async (request) => {
      const [entry] = await findOrgAdmins(app.ctx, [request.params.id]);
      if (!entry) throw new AppError('NOT_FOUND');
      return ok(request, entry);
    },
  );

  app.post(
    '/api/admin/orgs',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '新建任意类型的单位及其首位管理员（系统管理员）',
          en: 'Create an organisation of any type with its first admin (system admin)',
          errors: [
            'USERNAME_TAKEN',
            'CREDIT_CODE_TAKEN',
            'PASSWORD_POLICY',
            'PLATFORM_OPERATOR_EXISTS',
            'PLATFORM_OPERATOR_NOT_CONTROL',
          ],
        }),
        body: adminCreateOrgRequest,
        response: { 200: envelopeOf(orgSummary) },
      },
    },
    async (request) =>
      ok(
        request,
        await createOrganisation(app.ctx, {
          request: request.body,
          acceptLanguage: request.headers['accept-language'],
          audit: auditActorOf(request),
        }),
      ),
  );

  app.put(
    '/api/admin/orgs/:orgId/enabled',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '停用或重新启用单位（系统管理员）；停用单位的人员不能以该单位身份操作',
          en: 'Disable or re-enable an organisation (system admin); members of a disabled one cannot act for it',
        }),
        params: z.object({ orgId: z.uuid() }),
        body: setOrgEnabledRequest,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await changeOrgEnabled(app.ctx, {
        ...request.params,
        enabled: request.body.enabled,
        audit: auditActorOf(request),
      });
      return ok(request, null);
    },
  );

  const idParams = z.object({ id: z.uuid() });
  app.get(
    '/api/info/orgs/:id',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '企业名录中的一个条目及其全部公开信息（信息服务）',
          en: 'An enterprise directory entry with all its public details (information service)',
        }),
        params: idParams,
        response: { 200: envelopeOf(orgDetail) },
      },
    },
    async (request) => ok(request, await getOrgDetail(app.ctx, request.params.id)),
  );

  app.post(
    '/api/info/orgs',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '向企业名录添加企业，不含账号（信息服务）',
          en: 'Add an enterprise to the directory, without accounts (information service)',
          errors: ['CREDIT_CODE_TAKEN'],
        }),
        body: orgDetailsRequest,
        response: { 200: envelopeOf(orgSummary) },
      },
    },
    async (request) =>
      ok(request, await addDirectoryEntry(app.ctx, { request: request.body, audit: auditActorOf(request) })),
  );

  app.put(
    '/api/info/orgs/:id',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '修改企业的公开信息；类型不变（信息服务）',
          en: 'Change the public details of an enterprise; its type stays (information service)',
          errors: ['CREDIT_CODE_TAKEN'],
        }),
        params: idParams,
        body: orgDetailsRequest,
        response: { 200: envelopeOf(orgSummary) },
      },
    },
    async (request) =>
      ok(
        request,
        await changeOrgDetails(app.ctx, {
          id: request.params.id,
          request: request.body,
          audit: auditActorOf(request),
        }),
      ),
  );
};
