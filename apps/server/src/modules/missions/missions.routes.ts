import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  missionAssignRequest,
  missionBoard,
  missionDetail,
  missionGrid,
  missionProposal,
  missionReturnRequest,
  myMissions,
} from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { describeRoute } from '../../lib/route-docs.js';
import { onApplicationStep } from '../project-access/application-steps.js';
import { actingMember } from '../project-access/project-access.service.js';
import {
  assignMissions,
  openNextRoundMissions,
  listMyMissions,
  missionBoard as readBoard,
  missionDetail as readDetail,
  missionGrid as readGrid,
  missionProposal as readProposal,
  stepMission,
  type MissionCaller,
} from './missions.service.js';

const tags = ['missions'];
const BASE = '/api/checkDrawings/:orgId/:projectId/missions';
const projectParams = z.object({ orgId: z.uuid(), projectId: z.uuid() });
const missionParams = projectParams.extend({ missionId: z.uuid() });

const ASSIGN_ERRORS = [
  'MISSIONS_NOT_IN_REVIEW',
  'MISSION_CONFLICT',
  'MISSION_CELL_NOT_IN_ROUND',
  'MISSION_REVIEWER_NOT_MEMBER',
  'MISSION_REVIEWER_NO_SPECIALTY',
  'MISSION_CHECKER_IS_REVIEWER',
] as const;

/**
 * Review missions (issue 19): the round's grid and its assignment by the agency's director, each
 * mission's submit / accept / return, and the reviewers' and directors' workbench lists.
 */
export const missionsRoutes: FastifyPluginAsyncZod = async (app) => {
  // A later round begins with the acceptance of the revised drawings (issue 20).
  onApplicationStep('revisionAccepted', 'missions', (tx, projectId, details) =>
    openNextRoundMissions(app.ctx, tx, projectId, details),
  );
  const callerOf = (request: FastifyRequest & { params: { projectId: string } }): MissionCaller => ({
    member: actingMember(request),
    accountId: request.auth!.account.id,
    projectId: request.params.projectId,
  });
  const personOf = (request: FastifyRequest) => ({
    member: actingMember(request),
    accountId: request.auth!.account.id,
  });

  app.get(
    '/api/checkDrawings/missions/mine',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '本人在当前审查机构的审查任务（待审、退回及待本人校审），最早到期的在前',
          en: "The caller's missions in the acting agency (to review, returned, and to check), oldest due first",
        }),
        response: { 200: envelopeOf(myMissions) },
      },
    },
    async (request) => ok(request, await listMyMissions(app.ctx, personOf(request))),
  );

  app.get(
    '/api/checkDrawings/missions/board',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '审查机构负责人的工作台：待校审、已超期的任务及未分派的单元格数',
          en: "The director's workbench: missions waiting for checking, overdue ones, and cells nobody holds",
        }),
        response: { 200: envelopeOf(missionBoard) },
      },
    },
    async (request) => ok(request, await readBoard(app.ctx, personOf(request))),
  );

  app.get(
    BASE,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '本轮审查的任务表：单体 × 专业，含审查人、校审人、状态与到期日',
          en: "The round's missions: buildings × specialties with reviewer, checker, state and due day",
          project: 'missions.view',
        }),
        params: projectParams,
        response: { 200: envelopeOf(missionGrid) },
      },
    },
    async (request) => ok(request, await readGrid(app.ctx, callerOf(request))),
  );

  app.get(
    `${BASE}/proposal`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '按专业和当前工作量为未分派的单元格推荐审查人',
          en: 'A proposed reviewer for each unassigned cell, by specialty and current workload',
          project: 'missions.assign',
          errors: ['MISSIONS_NOT_IN_REVIEW'],
        }),
        params: projectParams,
        response: { 200: envelopeOf(missionProposal) },
      },
    },
    async (request) => ok(request, await readProposal(app.ctx, callerOf(request))),
  );

  app.put(
    BASE,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '分派或改派审查任务；单元格已被他人修改时返回 409',
          en: 'Assigns or reassigns missions; a cell someone else changed since answers 409',
          project: 'missions.assign',
          errors: ASSIGN_ERRORS,
        }),
        params: projectParams,
        body: missionAssignRequest,
        response: { 200: envelopeOf(missionGrid) },
      },
    },
    async (request) =>
      ok(request, await assignMissions(app.ctx, { ...callerOf(request), request: request.body })),
  );

  app.get(
    `${BASE}/:missionId`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '一个审查任务及其分派与校审记录',
          en: 'One mission with its history of assignments and checks',
          project: 'missions.view',
        }),
        params: missionParams,
        response: { 200: envelopeOf(missionDetail) },
      },
    },
    async (request) =>
      ok(request, await readDetail(app.ctx, { ...callerOf(request), id: request.params.missionId })),
  );

  const step = (name: 'submit' | 'accept', zh: string, en: string) =>
    app.post(
      `${BASE}/:missionId/${name}`,
      {
        schema: {
          tags,
          ...describeRoute({
            zh,
            en,
            project: name === 'submit' ? 'mission.submit' : 'mission.check',
            errors:
              name === 'submit'
                ? [
                    'MISSION_NOT_YOURS',
                    'MISSION_NOT_OPEN',
                    'MISSION_HAS_DRAFT_OPINIONS',
                    'MISSION_HAS_RETURNED_OPINIONS',
                  ]
                : ['MISSION_NOT_CHECKER', 'MISSION_NOT_SUBMITTED'],
          }),
          params: missionParams,
          response: { 200: envelopeOf(missionDetail) },
        },
      },
      async (request) =>
        ok(
          request,
          await stepMission(app.ctx, {
            ...callerOf(request),
            id: request.params.missionId,
            step: name === 'submit' ? 'SUBMIT' : 'ACCEPT',
          }),
        ),
    );
  step('submit', '审查人提交任务待校审', 'The reviewer submits the mission for checking');
  step('accept', '校审通过，任务完成', 'The checker accepts the mission: it is done');

  app.post(
    `${BASE}/:missionId/return`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '校审退回任务，须写明原因',
          en: 'The checker returns the mission, with a reason',
          project: 'mission.check',
          errors: ['MISSION_NOT_CHECKER', 'MISSION_NOT_SUBMITTED'],
        }),
        params: missionParams,
        body: missionReturnRequest,
        response: { 200: envelopeOf(missionDetail) },
      },
    },
    async (request) =>
      ok(
        request,
        await stepMission(app.ctx, {
          ...callerOf(request),
          id: request.params.missionId,
          step: 'RETURN',
          reason: request.body.reason,
        }),
      ),
  );
};
