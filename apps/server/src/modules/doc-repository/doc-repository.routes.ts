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
import { describeRoute } from '../../lib/route-docs.js';

const tags = ['doc-repository'];
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
        ...describeRoute({
          zh: '报审的资料版本，最新在前（businessStatus REVIEW：仅已受理的版本）',
          en: "The application's document versions, newest first (businessStatus REVIEW: only those accepted for review)",
          project: 'project.view',
        }),
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
        ...describeRoute({
          zh: '一个版本的勘察文件或图纸的文件夹树：单体、专业及各单位自己的文件夹',
          en: "One version's folder tree of survey documents or drawings: buildings, their specialties, and the units' own folders",
          project: 'project.view',
        }),
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
        ...describeRoute({
          zh: '在可填写的文件夹下新建本单位的文件夹（版本上传中）',
          en: 'Adds a folder of the acting unit under a folder it may fill, while the version is uploading',
          project: 'docs.write',
          errors: ['FOLDER_NAME_EMPTY', 'DOC_FOLDER_NAME_TAKEN', 'DOC_FOLDER_TOO_DEEP'],
        }),
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
        ...describeRoute({
          zh: '重命名本单位的文件夹',
          en: "Renames one of the acting unit's folders",
          project: 'docs.write',
          errors: ['FOLDER_NAME_EMPTY', 'DOC_FOLDER_GENERATED', 'DOC_FOLDER_NAME_TAKEN'],
        }),
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
        ...describeRoute({
          zh: '删除本单位的一个文件，或一个文件夹及其全部内容',
          en: "Deletes one of the acting unit's files, or one of its folders with everything in it",
          project: 'docs.write',
          errors: ['DOC_FOLDER_GENERATED'],
        }),
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
        ...describeRoute({
          zh: '一次删除本单位的多个文件和文件夹（ids 以逗号分隔），全部成功或全部不删',
          en: "Deletes several of the acting unit's files and folders at once (comma-joined ids), all or none",
          project: 'docs.write',
          errors: ['DOC_FOLDER_GENERATED'],
        }),
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
        ...describeRoute({
          zh: '将本单位的文件夹（或文件）移到同级文件夹（或同一文件夹中的文件）之前（up）或之后（down）',
          en: "Moves one of the acting unit's folders (or files) just before (up) or after (down) a sibling folder (or a file of the same folder)",
          project: 'docs.write',
          errors: ['DOC_FOLDER_GENERATED', 'DOC_ORDER_MISMATCH'],
        }),
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
        ...describeRoute({
          zh: '按给定顺序排列本单位在同一上级下的文件夹（ids 以逗号分隔，各出现一次）',
          en: "Puts the acting unit's folders of one parent in the given order (comma-joined ids, each once)",
          project: 'docs.write',
          errors: ['DOC_ORDER_MISMATCH'],
        }),
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
        ...describeRoute({
          zh: '一个文件夹中的文件，按顺序，附上传人',
          en: 'The files of one folder, in order, with who uploaded them',
          project: 'project.view',
        }),
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
        ...describeRoute({
          zh: '文件的上传人：姓名、电话和单位，供审查人员联系',
          en: "Who uploaded a file: name, phone and unit, for a reviewer's questions",
          project: 'project.view',
        }),
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
        ...describeRoute({
          zh: '签发一次性操作码，用于向本单位可填写的文件夹上传一个文件（之后 POST /api/files/upload，再 saveFile）',
          en: 'A one-time operation code for uploading one file into a folder the acting unit may fill (then POST /api/files/upload, then saveFile)',
          project: 'docs.write',
        }),
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
        ...describeRoute({
          zh: '将已上传的文件放入操作码对应的文件夹，所有人可见',
          en: 'Puts an uploaded file into the folder its operation code was issued for, where everyone sees it',
          project: 'docs.write',
          errors: ['UPLOAD_CODE_INVALID', 'UPLOAD_NOT_FINISHED', 'DOC_FOLDER_GONE'],
        }),
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
