import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  building,
  buildingDesignInfo,
  buildingDictionary,
  buildingFeedback,
  buildingFeedbackRequest,
  buildingHazardSource,
  buildingListQuery,
  buildingPage,
  buildingStatusQuery,
  buildingSurveyInfo,
  buildingUnits,
  copyBuildingQuery,
  envelopeOf,
  idListParam,
  rejectBuildingsRequest,
  saveBuildingDesignInfosRequest,
  saveBuildingHazardSourcesRequest,
  saveBuildingRequest,
  saveBuildingSurveyInfoRequest,
  surveyDesignUnits,
  type PrincipalMember,
} from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { auditActorOf } from '../audit/audit.service.js';
import {
  addBuildingFeedback,
  buildingDictionaryOf,
  canRejectBuilding,
  confirmBuilding,
  copyBuilding,
  describeBuilding,
  describeBuildings,
  listAssignedTaskBuildings,
  listBuildingFeedback,
  listBuildingPage,
  listBuildings,
  listDesignInfo,
  listHazards,
  listProjectUnits,
  listSurveyInfo,
  listTaskBuildings,
  rejectBuildings,
  removeBuildings,
  removeDesignInfo,
  removeHazards,
  saveBuilding,
  saveDesignInfo,
  saveHazards,
  saveSurveyInfo,
  submitBuildings,
  surveyDesignUnitsOf,
} from './buildings.service.js';

const tags = ['buildings'];
const security = [{ bearer: [] }];
const BASE = '/api/checkDrawings/:orgId/:projectId/building';
const projectParams = z.object({ orgId: z.uuid(), projectId: z.uuid() });
const withId = projectParams.extend({ id: z.uuid() });
const withIds = projectParams.extend({ ids: idListParam });
const orgIds = z.object({ orgId: z.uuid(), ids: idListParam });
const none = envelopeOf(z.null());

/**
 * The buildings (单体) of a review application, spec §7 "Buildings". Area rules in API_ACCESS say
 * who may call; buildings.service decides on each record: the project the acting organisation
 * sees, its part in it, and the state of the application and the building.
 */
export const buildingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dictionaries } = app.ctx;
  const member = (request: FastifyRequest) => request.actingMember ?? null;
  const scope = (request: { params: { projectId: string }; actingMember: PrincipalMember | null }) => ({
    member: request.actingMember,
    projectId: request.params.projectId,
  });

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
    `${BASE}/queryTaskBuildings`,
    {
      schema: {
        tags,
        security,
        summary: 'The confirmed buildings, those review missions can be given for (review agency)',
        params: projectParams,
        response: { 200: envelopeOf(z.array(building)) },
      },
    },
    async (request) => ok(request, await listTaskBuildings(app.ctx, scope(request))),
  );
  app.get(
    `${BASE}/queryAssignedTaskBuildings`,
    {
      schema: {
        tags,
        security,
        summary: 'The buildings the signed-in reviewer has review missions for (review agency)',
        params: projectParams,
        response: { 200: envelopeOf(z.array(building)) },
      },
    },
    async (request) =>
      ok(
        request,
        await listAssignedTaskBuildings(app.ctx, {
          ...scope(request),
          accountId: request.auth?.account.id ?? null,
        }),
      ),
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
    `${BASE}/getBuildingSurveyInfo/:id`,
    {
      schema: {
        tags,
        security,
        summary: "The survey units' findings for one building",
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
        security,
        summary: 'The hazardous sub-projects of one building',
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
        security,
        summary: 'Who answers for each specialty of one building, per design unit',
        params: withId,
        response: { 200: envelopeOf(z.array(buildingDesignInfo)) },
      },
    },
    async (request) =>
      ok(request, await listDesignInfo(app.ctx, { ...scope(request), buildingId: request.params.id })),
  );
  app.get(
    `${BASE}/allowReject/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'Whether the review agency may still reject the building',
        params: withId,
        response: { 200: envelopeOf(z.boolean()) },
      },
    },
    async (request) =>
      ok(request, await canRejectBuilding(app.ctx, { ...scope(request), id: request.params.id })),
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

  // ---- survey info, hazard sources, design info ----
  app.post(
    `${BASE}/saveBuildingSurveyInfo`,
    {
      schema: {
        tags,
        security,
        summary: "Saves the acting survey unit's findings for a building",
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
        security,
        summary: "Adds (no id) or changes (id) a building's hazardous sub-projects; answers the whole list",
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
        security,
        summary: "Adds or changes the acting design unit's rows for a building; answers every unit's rows",
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
        security,
        summary: 'Deletes hazardous sub-projects (ids comma-joined)',
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
        security,
        summary: "Deletes the acting design unit's design-info rows (ids comma-joined)",
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

  // ---- the review agency ----
  app.put(
    `${BASE}/confirm/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'The review agency confirms a submitted building',
        params: withId,
        response: { 200: none },
      },
    },
    async (request) => {
      await confirmBuilding(app.ctx, {
        ...scope(request),
        id: request.params.id,
        audit: auditActorOf(request),
      });
      return ok(request, null);
    },
  );
  app.put(
    `${BASE}/reject/:ids`,
    {
      schema: {
        tags,
        security,
        summary:
          'The review agency rejects submitted buildings (while allowReject holds), with the reason given ' +
          'here or added by buildingFeedback/add since their submission',
        params: withIds,
        body: rejectBuildingsRequest,
        response: { 200: none },
      },
    },
    async (request) => {
      await rejectBuildings(app.ctx, {
        ...scope(request),
        ids: request.params.ids,
        reason: request.body?.reason,
        accountId: request.auth?.account.id ?? null,
        audit: auditActorOf(request),
      });
      return ok(request, null);
    },
  );
  app.post(
    '/api/checkDrawings/:orgId/buildingFeedback/add',
    {
      schema: {
        tags,
        security,
        summary: 'Records why the review agency rejects a building (while allowReject holds)',
        params: z.object({ orgId: z.uuid() }),
        body: buildingFeedbackRequest,
        response: { 200: envelopeOf(buildingFeedback) },
      },
    },
    async (request) =>
      ok(
        request,
        await addBuildingFeedback(app.ctx, {
          member: member(request),
          buildingId: request.body.buildingId,
          reason: request.body.reason,
          accountId: request.auth?.account.id ?? null,
        }),
      ),
  );
  app.get(
    '/api/checkDrawings/:orgId/buildingFeedback/query/:id',
    {
      schema: {
        tags,
        security,
        summary: "The review agency's reasons for rejecting a building, newest first",
        params: z.object({ orgId: z.uuid(), id: z.uuid() }),
        response: { 200: envelopeOf(z.array(buildingFeedback)) },
      },
    },
    async (request) =>
      ok(
        request,
        await listBuildingFeedback(app.ctx, { member: member(request), buildingId: request.params.id }),
      ),
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
