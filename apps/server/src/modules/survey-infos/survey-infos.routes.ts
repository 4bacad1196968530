import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, saveSurveyInfoRequest, surveyInfo, surveyInfoIdParam } from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { auditActorOf } from '../audit/audit.service.js';
import {
  getOwnSurveyInfo,
  listSurveyInfos,
  saveOwnSurveyInfo,
  submitOwnSurveyInfo,
} from './survey-infos.service.js';
import { actingMember } from '../project-access/project-access.service.js';
import { describeRoute } from '../../lib/route-docs.js';

const tags = ['survey-infos'];
const BASE = '/api/checkDrawings/:orgId/:projectId/surveyInfo';
const projectParams = z.object({ orgId: z.uuid(), projectId: z.uuid() });

/**
 * A survey unit's project-level survey information (勘察信息), spec §7 "Survey info". `orgId` is
 * the acting organisation; for get, save and submit it must be a survey unit named in the
 * application (survey-infos.service), anyone else gets 404 as for a missing project.
 */
export const surveyInfosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/get`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '本勘察单位在该报审中的勘察信息（首次保存前为 null）',
          en: "The acting survey unit's own survey information for the application (null before its first save)",
          project: 'surveyInfo.own',
        }),
        params: projectParams,
        response: { 200: envelopeOf(surveyInfo.nullable()) },
      },
    },
    async (request) =>
      ok(
        request,
        await getOwnSurveyInfo(app.ctx, {
          member: actingMember(request),
          projectId: request.params.projectId,
        }),
      ),
  );
  app.post(
    `${BASE}/save`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '保存本勘察单位的草稿（首次保存时创建）；提交后只读',
          en: "Saves the acting survey unit's draft (creates it on the first save); read-only once submitted",
          project: ['surveyInfo.own', 'surveyInfo.edit'],
          errors: ['SURVEY_GRADE_MISMATCH', 'SURVEY_REPORT_DATE_FUTURE'],
        }),
        params: projectParams,
        body: saveSurveyInfoRequest,
        response: { 200: envelopeOf(surveyInfo) },
      },
    },
    async (request) =>
      ok(
        request,
        await saveOwnSurveyInfo(app.ctx, {
          member: actingMember(request),
          projectId: request.params.projectId,
          request: request.body,
          audit: auditActorOf(request),
        }),
      ),
  );
  app.put(
    `${BASE}/submit/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '提交本勘察单位的勘察信息（id 为 -1：本报审中自己的）',
          en: "Submits the acting survey unit's information (id -1: its own for this application)",
          project: ['surveyInfo.own', 'surveyInfo.submit'],
        }),
        params: projectParams.extend({ id: surveyInfoIdParam }),
        response: { 200: envelopeOf(surveyInfo) },
      },
    },
    async (request) =>
      ok(
        request,
        await submitOwnSurveyInfo(app.ctx, {
          member: actingMember(request),
          projectId: request.params.projectId,
          id: request.params.id,
          audit: auditActorOf(request),
        }),
      ),
  );
  app.get(
    `${BASE}/getSurveyInfos`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '各勘察单位已提交的勘察信息，能看到报审者均可查；勘察单位还能看到自己的草稿',
          en: "Every survey unit's submitted information, for whoever sees the application; a survey unit also gets its draft",
          project: 'project.view',
        }),
        params: projectParams,
        response: { 200: envelopeOf(z.array(surveyInfo)) },
      },
    },
    async (request) =>
      ok(
        request,
        await listSurveyInfos(app.ctx, {
          member: actingMember(request),
          projectId: request.params.projectId,
        }),
      ),
  );
};
