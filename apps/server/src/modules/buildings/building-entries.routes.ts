import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  buildingDesignInfo,
  buildingHazardSource,
  buildingSurveyInfo,
  envelopeOf,
  saveBuildingDesignInfosRequest,
  saveBuildingHazardSourcesRequest,
  saveBuildingSurveyInfoRequest,
} from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { auditActorOf } from '../audit/audit.service.js';
import { BASE, member, none, orgIds, projectParams, scope, tags, withId } from './building-routes-common.js';
import {
  listSurveyInfo,
  listHazards,
  listDesignInfo,
  saveSurveyInfo,
  saveHazards,
  removeHazards,
  saveDesignInfo,
  removeDesignInfo,
} from './building-entries.service.js';
import { describeRoute } from '../../lib/route-docs.js';

/** What the units enter for a building: survey findings, hazardous sub-projects, design info. */
export const buildingEntriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dictionaries } = app.ctx;

  app.get(
    `${BASE}/getBuildingSurveyInfo/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '勘察单位对一个单体的勘察结论',
          en: "The survey units' findings for one building",
          project: 'project.view',
        }),
        params: withId,
        response: { 200: envelopeOf(z.array(buildingSurveyInfo)) },
      },
    },
    async (request) =>
      ok(request, await listSurveyInfo(app.ctx, { ...scope(request), buildingId: request.params.id })),
  );
  app.get(
    `${BASE}/getBuildingHazardSources/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '一个单体的危险性较大的分部分项工程',
          en: 'The hazardous sub-projects of one building',
          project: 'project.view',
        }),
        params: withId,
        response: { 200: envelopeOf(z.array(buildingHazardSource)) },
      },
    },
    async (request) =>
      ok(request, await listHazards(app.ctx, { ...scope(request), buildingId: request.params.id })),
  );
  app.get(
    `${BASE}/getBuildingDesignInfo/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '一个单体各专业的负责人，按设计单位列出',
          en: 'Who answers for each specialty of one building, per design unit',
          project: 'project.view',
        }),
        params: withId,
        response: { 200: envelopeOf(z.array(buildingDesignInfo)) },
      },
    },
    async (request) =>
      ok(request, await listDesignInfo(app.ctx, { ...scope(request), buildingId: request.params.id })),
  );
  // ---- survey info, hazard sources, design info ----
  app.post(
    `${BASE}/saveBuildingSurveyInfo`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '保存本勘察单位对单体的勘察结论',
          en: "Saves the acting survey unit's findings for a building",
          project: 'building.surveyFindings',
        }),
        params: projectParams,
        body: saveBuildingSurveyInfoRequest,
        response: { 200: envelopeOf(buildingSurveyInfo) },
      },
    },
    async (request) =>
      ok(
        request,
        await saveSurveyInfo(app.ctx, {
          ...scope(request),
          request: request.body,
          audit: auditActorOf(request),
        }),
      ),
  );
  app.post(
    `${BASE}/saveBuildingHazardSources`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '新增（无 id）或修改（有 id）单体的危大工程；返回完整列表',
          en: "Adds (no id) or changes (id) a building's hazardous sub-projects; answers the whole list",
          project: 'building.edit',
          errors: ['DICTIONARY_CODE_UNKNOWN', 'HAZARD_BEYOND_SCALE'],
        }),
        params: projectParams,
        body: saveBuildingHazardSourcesRequest,
        response: { 200: envelopeOf(z.array(buildingHazardSource)) },
      },
    },
    async (request) =>
      ok(
        request,
        await saveHazards(app.ctx, {
          ...scope(request),
          request: request.body,
          dictionaries,
          audit: auditActorOf(request),
        }),
      ),
  );
  app.post(
    `${BASE}/saveBuildingDesignInfos`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '新增或修改本设计单位的单体设计信息；返回各单位的设计信息',
          en: "Adds or changes the acting design unit's rows for a building; answers every unit's rows",
          project: 'building.designInfo',
          errors: ['DESIGN_SPECIALTY_TAKEN', 'DICTIONARY_CODE_UNKNOWN'],
        }),
        params: projectParams,
        body: saveBuildingDesignInfosRequest,
        response: { 200: envelopeOf(z.array(buildingDesignInfo)) },
      },
    },
    async (request) =>
      ok(
        request,
        await saveDesignInfo(app.ctx, {
          ...scope(request),
          request: request.body,
          dictionaries,
          audit: auditActorOf(request),
        }),
      ),
  );
  app.delete(
    '/api/checkDrawings/:orgId/building/deleteBuildingHazardSources/:ids',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '删除危大工程（ids 以逗号分隔）',
          en: 'Deletes hazardous sub-projects (ids comma-joined)',
          project: 'building.edit',
        }),
        params: orgIds,
        response: { 200: none },
      },
    },
    async (request) => {
      await removeHazards(app.ctx, {
        member: member(request),
        ids: request.params.ids,
        audit: auditActorOf(request),
      });
      return ok(request, null);
    },
  );
  app.delete(
    '/api/checkDrawings/:orgId/building/deleteBuildingDesignInfos/:ids',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '删除本设计单位的设计信息（ids 以逗号分隔）',
          en: "Deletes the acting design unit's design-info rows (ids comma-joined)",
          project: 'building.designInfo',
        }),
        params: orgIds,
        response: { 200: none },
      },
    },
    async (request) => {
      await removeDesignInfo(app.ctx, {
        member: member(request),
        ids: request.params.ids,
        audit: auditActorOf(request),
      });
      return ok(request, null);
    },
  );
};
