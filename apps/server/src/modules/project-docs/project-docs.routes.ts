import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LIMITS,
  PROJECT_DOC_CONTENT_TYPES,
  envelopeOf,
  projectDoc,
  projectDocAddFields,
  projectDocListQuery,
  projectDocPage,
  projectDocRemarkRequest,
} from '@drp/domain';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { contentDisposition } from '../../lib/send-stored-file.js';
import { uploadParts } from '../../lib/upload-parts.js';
import { auditActorOf } from '../audit/audit.service.js';
import {
  addProjectDoc,
  editProjectDocRemark,
  listProjectDocs,
  openProjectDoc,
  removeProjectDoc,
} from './project-docs.service.js';
import { actingMember } from '../project-access/project-access.service.js';
import { describeRoute } from '../../lib/route-docs.js';

const tags = ['project-docs'];
const idParams = z.object({ id: z.uuid() });
const MB = LIMITS.projectDocMaxBytes / 1048576;

/**
 * The attachments of a review application (`projectDoc`, spec §7): the construction unit adds,
 * deletes and annotates them while the application is a draft; whoever sees the application lists
 * and downloads them (project-docs.service decides on each record).
 */
export const projectDocsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: LIMITS.projectDocMaxBytes, files: 1, fields: 10, fieldSize: 4096 },
  });

  app.get(
    '/api/checkDrawings/projectDoc/pagelist',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '报审的附件，最新在前，可按类型（modelType）筛选',
          en: "An application's attachments, newest first, of one kind (modelType) when given",
          project: 'project.view',
        }),
        querystring: projectDocListQuery,
        response: { 200: envelopeOf(projectDocPage) },
      },
    },
    async (request) =>
      ok(request, await listProjectDocs(app.ctx, { member: actingMember(request), query: request.query })),
  );

  app.post(
    '/api/checkDrawings/projectDoc/add',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '向草稿报审添加附件（multipart：字段 projectId、modelType、remark，然后文件部分 file；按内容判断为 PDF、OFD、JPG 或 PNG）',
          en: `Attach a file to a draft application (multipart: fields projectId, modelType, remark, then the part "file"; PDF, OFD, JPG or PNG by content, at most ${MB} MB)`,
          project: 'attachments.edit',
          errors: [
            'PROJECT_DOC_FILE_MISSING',
            'PROJECT_DOC_UNSUPPORTED_FILE',
            'FILE_TOO_LARGE',
            'FILE_NAME_EMPTY',
          ],
        }),
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(projectDoc) },
      },
    },
    async (request) => {
      const fields: Record<string, string> = {};
      let file: { fileName: string; body: Buffer } | undefined;
      for await (const part of uploadParts(request)) {
        if (part.type === 'file') {
          const body = await part.toBuffer().catch((error: { code?: string }) => {
            if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', { mb: MB });
            throw error;
          });
          file = { fileName: part.filename, body };
        } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
      const parsed = projectDocAddFields.safeParse(fields);
      if (!parsed.success)
        throw new AppError('VALIDATION_FAILED', {
          reason: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
        });
      if (!file || file.body.length === 0) throw new AppError('PROJECT_DOC_FILE_MISSING');
      return ok(
        request,
        await addProjectDoc(app.ctx, {
          member: actingMember(request),
          ...parsed.data,
          file,
          audit: auditActorOf(request),
        }),
      );
    },
  );

  app.delete(
    '/api/checkDrawings/projectDoc/delete/:id',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '删除草稿报审的附件',
          en: 'Deletes an attachment of a draft application',
          project: 'attachments.edit',
        }),
        params: idParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await removeProjectDoc(app.ctx, {
        member: actingMember(request),
        id: request.params.id,
        audit: auditActorOf(request),
      });
      return ok(request, null);
    },
  );

  app.post(
    '/api/checkDrawings/projectDoc/remark/edit/:id',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '修改附件备注（报审为草稿时）',
          en: "Changes an attachment's remark, while its application is a draft",
          project: 'attachments.edit',
        }),
        params: idParams,
        body: projectDocRemarkRequest,
        response: { 200: envelopeOf(projectDoc) },
      },
    },
    async (request) =>
      ok(
        request,
        await editProjectDocRemark(app.ctx, {
          member: actingMember(request),
          id: request.params.id,
          remark: request.body.remark,
          audit: auditActorOf(request),
        }),
      ),
  );

  app.get(
    '/api/checkDrawings/projectDoc/download/:id',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '下载附件文件，使用其原文件名',
          en: 'The file of an attachment, as a download under its own name',
          project: 'project.view',
        }),
        params: idParams,
        produces: [...PROJECT_DOC_CONTENT_TYPES],
        response: { 200: z.any() },
      },
    },
    async (request, reply) => {
      const file = await openProjectDoc(app.ctx, { member: actingMember(request), id: request.params.id });
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
};
