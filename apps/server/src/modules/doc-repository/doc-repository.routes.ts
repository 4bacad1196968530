import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  docEntryIds,
  docFile,
  docPersonInfo,
  fileQuery,
  operationCode,
  operationCodeQuery,
  saveFileRequest,
  docFolderNode,
  docTreeQuery,
  docVersion,
  docVersionListQuery,
  envelopeOf,
  localeFrom,
  renameFolderRequest,
  saveFolderRequest,
  savedFolder,
  updownFlag,
} from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { auditActorOf } from '../audit/audit.service.js';
import {
  addDocFolder,
  listDocTree,
  listDocVersions,
  moveDocFolder,
  removeDocEntries,
  renameDocFolder,
  reorderDocFolders,
} from './doc-repository.service.js';
import {
  describeUploader,
  issueOperationCode,
  listFolderFiles,
  saveUploadedFile,
} from './doc-uploads.service.js';
import { actingMember } from '../project-access/project-access.service.js';

const tags = ['doc-repository'];
const security = [{ bearer: [] }];
const BASE = '/api/checkDrawings/:orgId/:projectId';
const projectParams = z.object({ orgId: z.uuid(), projectId: z.uuid() });

/**
 * The document repository's versions and folder trees (spec §7 "Document repository"). `orgId` is
 * the acting organisation; a project it does not see answers 404 as a missing one.
 */
export const docRepositoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/docRepositoryVersion/listAll`,
    {
      schema: {
        tags,
        security,
        summary:
          "The application's document versions, newest first (businessStatus REVIEW: only those accepted for review)",
        params: projectParams,
        querystring: docVersionListQuery,
        response: { 200: envelopeOf(z.array(docVersion)) },
      },
    },
    async (request) =>
      ok(
        request,
        await listDocVersions(app.ctx, {
          member: actingMember(request),
          projectId: request.params.projectId,
          businessStatus: request.query.businessStatus,
          locale: localeFrom(request.headers['accept-language']),
        }),
      ),
  );
  app.get(
    `${BASE}/docRepository/listTree`,
    {
      schema: {
        tags,
        security,
        summary:
          "One version's folder tree of survey documents or drawings: buildings, their specialties, and the units' own folders",
        params: projectParams,
        querystring: docTreeQuery,
        response: { 200: envelopeOf(z.array(docFolderNode)) },
      },
    },
    async (request) =>
      ok(
        request,
        await listDocTree(app.ctx, {
          member: actingMember(request),
          projectId: request.params.projectId,
          versionId: request.query.versionId,
          category: request.query.category,
        }),
      ),
  );
  app.post(
    `${BASE}/docRepository/saveFolder`,
    {
      schema: {
        tags,
        security,
        summary:
          'Adds a folder of the acting unit under a folder it may fill, while the version is uploading',
        params: projectParams,
        body: saveFolderRequest,
        response: { 200: envelopeOf(savedFolder) },
      },
    },
    async (request) =>
      ok(
        request,
        await addDocFolder(app.ctx, {
          member: actingMember(request),
          projectId: request.params.projectId,
          request: request.body,
          audit: auditActorOf(request),
        }),
      ),
  );
  app.put(
    `${BASE}/docRepository/rename/:id`,
    {
      schema: {
        tags,
        security,
        summary: "Renames one of the acting unit's folders",
        params: projectParams.extend({ id: z.uuid() }),
        body: renameFolderRequest,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await renameDocFolder(app.ctx, {
        member: actingMember(request),
        projectId: request.params.projectId,
        id: request.params.id,
        request: request.body,
        audit: auditActorOf(request),
      });
      return ok(request, null);
    },
  );
  app.delete(
    `${BASE}/docRepository/delete/:id`,
    {
      schema: {
        tags,
        security,
        summary: "Deletes one of the acting unit's files, or one of its folders with everything in it",
        params: projectParams.extend({ id: z.uuid() }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await removeDocEntries(app.ctx, {
        member: actingMember(request),
        projectId: request.params.projectId,
        ids: [request.params.id],
        audit: auditActorOf(request),
      });
      return ok(request, null);
    },
  );
  app.delete(
    `${BASE}/docRepository/deleteAll/:ids`,
    {
      schema: {
        tags,
        security,
        summary:
          "Deletes several of the acting unit's files and folders at once (comma-joined ids), all or none",
        params: projectParams.extend({ ids: docEntryIds }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await removeDocEntries(app.ctx, {
        member: actingMember(request),
        projectId: request.params.projectId,
        ids: request.params.ids,
        audit: auditActorOf(request),
      });
      return ok(request, null);
    },
  );
  app.get(
    `${BASE}/docRepository/updown/:id/:targetId/:flag`,
    {
      schema: {
        tags,
        security,
        summary:
          "Moves one of the acting unit's folders (or files) just before (up) or after (down) a sibling folder (or a file of the same folder)",
        params: projectParams.extend({ id: z.uuid(), targetId: z.uuid(), flag: updownFlag }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await moveDocFolder(app.ctx, {
        member: actingMember(request),
        projectId: request.params.projectId,
        id: request.params.id,
        targetId: request.params.targetId,
        flag: request.params.flag,
      });
      return ok(request, null);
    },
  );
  app.get(
    `${BASE}/docRepository/reorder/:x`,
    {
      schema: {
        tags,
        security,
        summary:
          "Puts the acting unit's folders of one parent in the given order (comma-joined ids, each once)",
        params: projectParams.extend({ x: docEntryIds }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await reorderDocFolders(app.ctx, {
        member: actingMember(request),
        projectId: request.params.projectId,
        ids: request.params.x,
      });
      return ok(request, null);
    },
  );
  app.get(
    `${BASE}/docRepository/queryFile`,
    {
      schema: {
        tags,
        security,
        summary: 'The files of one folder, in order, with who uploaded them',
        params: projectParams,
        querystring: fileQuery,
        response: { 200: envelopeOf(z.array(docFile)) },
      },
    },
    async (request) =>
      ok(
        request,
        await listFolderFiles(app.ctx, {
          member: actingMember(request),
          projectId: request.params.projectId,
          versionId: request.query.versionId,
          folderId: request.query.folderId,
        }),
      ),
  );
  app.get(
    `${BASE}/docRepository/getPersonInfo/:id`,
    {
      schema: {
        tags,
        security,
        summary: "Who uploaded a file: name, phone and unit, for a reviewer's questions",
        params: projectParams.extend({ id: z.uuid() }),
        response: { 200: envelopeOf(docPersonInfo) },
      },
    },
    async (request) =>
      ok(
        request,
        await describeUploader(app.ctx, {
          member: actingMember(request),
          projectId: request.params.projectId,
          fileId: request.params.id,
        }),
      ),
  );
  app.get(
    `${BASE}/docRepository/getOperationCode`,
    {
      schema: {
        tags,
        security,
        summary:
          'A one-time operation code for uploading one file into a folder the acting unit may fill (then POST /api/files/upload, then saveFile)',
        params: projectParams,
        querystring: operationCodeQuery,
        response: { 200: envelopeOf(operationCode) },
      },
    },
    async (request) =>
      ok(
        request,
        await issueOperationCode(app.ctx, {
          member: actingMember(request),
          accountId: request.auth!.account.id,
          projectId: request.params.projectId,
          versionId: request.query.versionId,
          folderId: request.query.folderId,
        }),
      ),
  );
  app.post(
    `${BASE}/docRepository/saveFile`,
    {
      schema: {
        tags,
        security,
        summary:
          'Puts an uploaded file into the folder its operation code was issued for, where everyone sees it',
        params: projectParams,
        body: saveFileRequest,
        response: { 200: envelopeOf(docFile) },
      },
    },
    async (request) =>
      ok(
        request,
        await saveUploadedFile(app.ctx, {
          member: actingMember(request),
          projectId: request.params.projectId,
          operationCode: request.body.operationCode,
          audit: auditActorOf(request),
        }),
      ),
  );
};
