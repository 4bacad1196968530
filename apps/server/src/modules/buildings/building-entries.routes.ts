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
import {
  BASE,
  member,
  none,
  orgIds,
  projectParams,
  scope,
  security,
  tags,
  withId,
} from './building-routes-common.js';
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

/** What the units enter for a building: survey findings, hazardous sub-projects, design info. */
export const buildingEntriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dictionaries } = app.ctx;

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
};
