import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  building,
  buildingFeedback,
  buildingFeedbackRequest,
  envelopeOf,
  rejectBuildingsRequest,
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
  withId,
  withIds,
} from './building-routes-common.js';
import {
  listTaskBuildings,
  listAssignedTaskBuildings,
  canRejectBuilding,
  confirmBuilding,
  addBuildingFeedback,
  listBuildingFeedback,
  rejectBuildings,
} from './building-review.service.js';

/** The review agency's side: the buildings it gives missions for, confirming and rejecting. */
export const buildingReviewRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
