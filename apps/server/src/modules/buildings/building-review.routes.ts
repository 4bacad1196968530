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
import { BASE, member, none, projectParams, scope, tags, withId, withIds } from './building-routes-common.js';
import {
  listTaskBuildings,
  listAssignedTaskBuildings,
  canRejectBuilding,
  confirmBuilding,
  addBuildingFeedback,
  listBuildingFeedback,
  rejectBuildings,
} from './building-review.service.js';
import { describeRoute } from '../../lib/route-docs.js';

/** The review agency's side: the buildings it gives missions for, confirming and rejecting. */
export const buildingReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/queryTaskBuildings`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '已确认、可下发审查任务的单体（审查机构）',
          en: 'The confirmed buildings, those review missions can be given for (review agency)',
          project: 'building.tasks',
        }),
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
        ...describeRoute({
          zh: '当前审查人员有审查任务的单体（审查机构）',
          en: 'The buildings the signed-in reviewer has review missions for (review agency)',
          project: 'building.tasks',
        }),
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
        ...describeRoute({
          zh: '审查机构是否仍可退回该单体',
          en: 'Whether the review agency may still reject the building',
          project: 'building.tasks',
        }),
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
        ...describeRoute({
          zh: '审查机构确认已提交的单体',
          en: 'The review agency confirms a submitted building',
          project: 'building.confirm',
        }),
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
        ...describeRoute({
          zh: '审查机构退回已提交的单体（allowReject 成立时），附本次或自提交以来 buildingFeedback/add 记录的原因',
          en:
            'The review agency rejects submitted buildings (while allowReject holds), with the reason given ' +
            'here or added by buildingFeedback/add since their submission',
          project: 'building.reject',
          errors: ['BUILDING_REJECT_REASON_MISSING'],
        }),
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
        ...describeRoute({
          zh: '记录审查机构退回单体的原因（allowReject 成立时）',
          en: 'Records why the review agency rejects a building (while allowReject holds)',
          project: 'building.reject',
        }),
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
        ...describeRoute({
          zh: '审查机构退回单体的原因，最新在前',
          en: "The review agency's reasons for rejecting a building, newest first",
          project: 'project.view',
        }),
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
