import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  batchDownloadQuery,
  docViewToken,
  docViewUrl,
  envelopeOf,
  viewFileQuery,
  viewQuery,
} from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { contentDisposition, sendStoredFile } from '../../lib/send-stored-file.js';
import {
  VIEW_PATH,
  fileOfViewToken,
  issueViewToken,
  issueViewUrl,
  zipDocVersion,
} from './doc-files.service.js';
import { actingMember } from '../project-access/project-access.service.js';
import { describeRoute } from '../../lib/route-docs.js';

const tags = ['doc-repository'];
const BASE = '/api/checkDrawings/:orgId/:projectId/docRepository';
const projectParams = z.object({ orgId: z.uuid(), projectId: z.uuid() });

/**
 * Reading the repository's files: signed view links (the link itself is the credential, so a
 * PDF viewer or a download link works without the bearer token) and the zip of a version.
 */
export const docFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/getViewURL`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '报审中一个文件的临时链接，几分钟内有效',
          en: `A link to one file of the application, good for a few minutes (${VIEW_PATH}/{token})`,
          project: 'project.view',
        }),
        params: projectParams,
        querystring: viewFileQuery,
        response: { 200: envelopeOf(docViewUrl) },
      },
    },
    async (request) =>
      ok(
        request,
        await issueViewUrl(app.ctx, {
          member: actingMember(request),
          accountId: request.auth!.account.id,
          projectId: request.params.projectId,
          fileId: request.query.fileId,
        }),
      ),
  );
  app.get(
    `${BASE}/getViewToken`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '一个文件链接的令牌，供自行拼接链接的查看器使用',
          en: `The token of a link to one file, for a viewer that builds the link (${VIEW_PATH}/{token})`,
          project: 'project.view',
        }),
        params: projectParams,
        querystring: viewFileQuery,
        response: { 200: envelopeOf(docViewToken) },
      },
    },
    async (request) =>
      ok(
        request,
        await issueViewToken(app.ctx, {
          member: actingMember(request),
          accountId: request.auth!.account.id,
          projectId: request.params.projectId,
          fileId: request.query.fileId,
        }),
      ),
  );
  app.get(
    `${VIEW_PATH}/:token`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '查看链接对应的文件，支持字节范围：PDF 和图片内嵌显示，其他文件（或 download=1）下载',
          en: 'The file of a view link, with byte ranges: PDFs and images shown, other files (or download=1) saved',
        }),
        // Any string: a token that does not verify answers 404 as a missing file, never 400.
        params: z.object({ token: z.string() }),
        querystring: viewQuery,
        response: { 200: z.any(), 206: z.any() },
      },
    },
    async (request, reply) => {
      const file = await fileOfViewToken(app.ctx, {
        token: request.params.token,
        download: request.query.download === '1',
      });
      return sendStoredFile(request, reply, app.ctx.files, file);
    },
  );
  app.get(
    '/api/checkDrawings/:projectId/:versionId/drawingsReview/batchDownLoadDrawingsReview',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '一个版本的勘察文件和图纸打包下载（zip，按文件夹；orgIds：仅这些单位的文件）',
          en: "One version's survey documents and drawings as a zip, in their folders (orgIds: only those units' files)",
          project: 'project.view',
        }),
        params: z.object({ projectId: z.uuid(), versionId: z.uuid() }),
        querystring: batchDownloadQuery,
        produces: ['application/zip'],
        response: { 200: z.any() },
      },
    },
    async (request, reply) => {
      const orgIds = request.query.orgIds;
      const archive = await zipDocVersion(app.ctx, {
        member: actingMember(request),
        projectId: request.params.projectId,
        versionId: request.params.versionId,
        orgIds: orgIds && orgIds.length > 0 ? orgIds : undefined,
      });
      return reply
        .type('application/zip')
        .header('content-disposition', contentDisposition(archive.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(archive.body);
    },
  );
};
