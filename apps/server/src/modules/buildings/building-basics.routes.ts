import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  building,
  buildingDictionary,
  buildingListQuery,
  buildingPage,
  buildingStatusQuery,
  buildingUnits,
  copyBuildingQuery,
  envelopeOf,
  idListParam,
  saveBuildingRequest,
  surveyDesignUnits,
} from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { auditActorOf } from '../audit/audit.service.js';
import { BASE, member, none, projectParams, scope, tags, withIds } from './building-routes-common.js';
import {
  listBuildingPage,
  listBuildings,
  buildingDictionaryOf,
  describeBuildings,
  describeBuilding,
  listProjectUnits,
  surveyDesignUnitsOf,
  saveBuilding,
  copyBuilding,
  removeBuildings,
  submitBuildings,
} from './building-basics.service.js';
import { describeRoute } from '../../lib/route-docs.js';

/** Buildings of an application: reading, basic data, copy, delete and submit (spec §7 "Buildings"). */
export const buildingBasicsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dictionaries } = app.ctx;

  // ---- reading ----
  app.get(
    `${BASE}/getBuildings`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '报审的单体，分页，可按名称查找',
          en: 'The buildings of an application, a page at a time, by part of the name',
          project: 'project.view',
        }),
        params: projectParams,
        querystring: buildingListQuery,
        response: { 200: envelopeOf(buildingPage) },
      },
    },
    async (request) =>
      ok(request, await listBuildingPage(app.ctx, { ...scope(request), query: request.query })),
  );
  app.get(
    `${BASE}/queryBuildings`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '报审的全部单体，可按状态筛选',
          en: 'All buildings of an application, of one status when given',
          project: 'project.view',
        }),
        params: projectParams,
        querystring: buildingStatusQuery,
        response: { 200: envelopeOf(z.array(building)) },
      },
    },
    async (request) =>
      ok(request, await listBuildings(app.ctx, { ...scope(request), status: request.query.status })),
  );
  app.get(
    `${BASE}/getBuildingDictionary`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '单体表单所需的全部选项，一次返回',
          en: 'Everything the building form picks from, in one answer',
          project: 'project.view',
        }),
        params: projectParams,
        response: { 200: envelopeOf(buildingDictionary) },
      },
    },
    async (request) => ok(request, await buildingDictionaryOf(app.ctx, { ...scope(request), dictionaries })),
  );
  app.get(
    `${BASE}/getAll/:ids`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '报审中的若干单体（ids 以逗号分隔）',
          en: 'Some buildings of the application (ids comma-joined)',
          project: 'project.view',
        }),
        params: withIds,
        response: { 200: envelopeOf(z.array(building)) },
      },
    },
    async (request) =>
      ok(request, await describeBuildings(app.ctx, { ...scope(request), ids: request.params.ids })),
  );
  app.get(
    `${BASE}/getDesignUnit`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '报审的设计单位，供单体表单选择',
          en: "The application's design units, for the building form",
          project: 'project.view',
        }),
        params: projectParams,
        response: { 200: envelopeOf(buildingUnits) },
      },
    },
    async (request) => ok(request, await listProjectUnits(app.ctx, { ...scope(request), role: 'DESIGN' })),
  );
  app.get(
    `${BASE}/getSurveyUnit`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '报审的勘察单位，供单体表单选择',
          en: "The application's survey units, for the building form",
          project: 'project.view',
        }),
        params: projectParams,
        response: { 200: envelopeOf(buildingUnits) },
      },
    },
    async (request) => ok(request, await listProjectUnits(app.ctx, { ...scope(request), role: 'SURVEY' })),
  );
  app.get(
    `${BASE}/:buildingId`,
    {
      schema: {
        tags,
        ...describeRoute({ zh: '一个单体', en: 'One building', project: 'project.view' }),
        params: projectParams.extend({ buildingId: z.uuid() }),
        response: { 200: envelopeOf(building) },
      },
    },
    async (request) =>
      ok(request, await describeBuilding(app.ctx, { ...scope(request), id: request.params.buildingId })),
  );

  // ---- basic data ----
  app.post(
    `${BASE}/saveBuildingInfo`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '保存新单体（无 id）或修改单体（有 id）',
          en: 'Saves a new building (no id) or changes one (id)',
          project: ['building.add', 'building.edit'],
          errors: [
            'BUILDING_NAME_TAKEN',
            'BUILDING_UNIT_NOT_IN_PROJECT',
            'DICTIONARY_CODE_UNKNOWN',
            'BUILDING_IMPLAUSIBLE',
          ],
        }),
        params: projectParams,
        body: saveBuildingRequest,
        response: { 200: envelopeOf(building) },
      },
    },
    async (request) =>
      ok(
        request,
        await saveBuilding(app.ctx, {
          ...scope(request),
          form: request.body,
          dictionaries,
          audit: auditActorOf(request),
        }),
      ),
  );
  app.post(
    `${BASE}/copyBuildingInfo`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '复制单体（基本信息、危大工程、设计信息）为新名称的草稿',
          en: 'Copies a building (basic data, hazard sources, design info) under a new name, as a draft',
          project: 'building.add',
          errors: ['BUILDING_NAME_TAKEN'],
        }),
        params: projectParams,
        querystring: copyBuildingQuery,
        response: { 200: envelopeOf(building) },
      },
    },
    async (request) =>
      ok(
        request,
        await copyBuilding(app.ctx, {
          ...scope(request),
          buildingId: request.query.buildingId,
          name: request.query.buildingName,
          audit: auditActorOf(request),
        }),
      ),
  );
  app.put(
    `${BASE}/submit/:ids`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '向审查机构提交草稿或已退回的单体',
          en: 'Submits draft or rejected buildings to the review agency',
          project: 'building.submit',
        }),
        params: withIds,
        response: { 200: none },
      },
    },
    async (request) => {
      await submitBuildings(app.ctx, {
        ...scope(request),
        ids: request.params.ids,
        audit: auditActorOf(request),
      });
      return ok(request, null);
    },
  );
  app.delete(
    `${BASE}/deleteBuildingInfos/:ids`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '删除草稿或已退回的单体及其全部录入内容',
          en: 'Deletes draft or rejected buildings with everything entered for them',
          project: 'building.edit',
        }),
        params: withIds,
        response: { 200: none },
      },
    },
    async (request) => {
      await removeBuildings(app.ctx, {
        ...scope(request),
        ids: request.params.ids,
        audit: auditActorOf(request),
      });
      return ok(request, null);
    },
  );

  // ---- for the project forms ----
  app.get(
    '/api/checkDrawings/project/getSurveyDesignUnits',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '若干单体登记的设计、勘察单位（buildingIds 以逗号分隔）',
          en: 'The design and survey units recorded for some buildings (buildingIds comma-joined)',
          project: 'project.view',
        }),
        querystring: z.object({ buildingIds: idListParam }),
        response: { 200: envelopeOf(surveyDesignUnits) },
      },
    },
    async (request) =>
      ok(
        request,
        await surveyDesignUnitsOf(app.ctx, {
          member: member(request),
          buildingIds: request.query.buildingIds,
        }),
      ),
  );
};
