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
import {
  BASE,
  member,
  none,
  projectParams,
  scope,
  security,
  tags,
  withIds,
} from './building-routes-common.js';
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

/** Buildings of an application: reading, basic data, copy, delete and submit (spec §7 "Buildings"). */
export const buildingBasicsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dictionaries } = app.ctx;

  // ---- reading ----
  app.get(
    `${BASE}/getBuildings`,
    {
      schema: {
        tags,
        security,
        summary: 'The buildings of an application, a page at a time, by part of the name',
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
        security,
        summary: 'All buildings of an application, of one status when given',
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
        security,
        summary: 'Everything the building form picks from, in one answer',
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
        security,
        summary: 'Some buildings of the application (ids comma-joined)',
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
        security,
        summary: "The application's design units, for the building form",
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
        security,
        summary: "The application's survey units, for the building form",
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
        security,
        summary: 'One building',
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
        security,
        summary: 'Saves a new building (no id) or changes one (id)',
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
        security,
        summary: 'Copies a building (basic data, hazard sources, design info) under a new name, as a draft',
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
        security,
        summary: 'Submits draft or rejected buildings to the review agency',
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
        security,
        summary: 'Deletes draft or rejected buildings with everything entered for them',
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
        security,
        summary: 'The design and survey units recorded for some buildings (buildingIds comma-joined)',
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
