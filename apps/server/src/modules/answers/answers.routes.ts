import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ANSWER_LIST_KEYS,
  answerDetail,
  answerListQuery,
  answerPage,
  answerWriteRequest,
  envelopeOf,
  opinionDecisionRequest,
} from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { describeRoute } from '../../lib/route-docs.js';
import { contentDisposition } from '../../lib/send-stored-file.js';
import { auditActorOf } from '../audit/audit.service.js';
import { onApplicationStep } from '../project-access/application-steps.js';
import { actingMember } from '../project-access/project-access.service.js';
import {
  answerLetterPdf,
  changeAnswer,
  decideOpinion,
  getAnswerDetail,
  giveAnswer,
  issueRound,
  listAnswers,
  requireUnitAnswered,
  sendAnswers,
  type AnswerCaller,
} from './answers.service.js';

const tags = ['opinionAnswers'];
const BASE = '/api/checkDrawings/:orgId/:projectId/opinionAnswer';
const projectParams = z.object({ orgId: z.uuid(), projectId: z.uuid() });
const opinionParams = projectParams.extend({ id: z.uuid() });

const ANSWER_ERRORS = [
  'ANSWER_NOT_YOURS',
  'ANSWER_OPINION_CLOSED',
  'ANSWER_ROUND_LOCKED',
  'ANSWER_COMMITTED',
  'ANSWER_SHEET_OUTSIDE',
  'ANSWER_SHEET_NOT_OWN',
  'ANSWER_PAGE_OUTSIDE',
] as const;

/**
 * 意见回复 (issue 20): every party reads the issued opinions with their answers (the spec's
 * answerCensorConstRes / answerCensorEnergyRes screens, and drawingreply / energyreply for the
 * authorities); the unit an opinion is addressed to answers it; a later round's reviewer closes,
 * keeps or reopens each carried opinion. The steps of the application run the rest: a forwarded
 * report issues its round, a unit's hand-over and the construction unit's send need the answers.
 */
export const answersRoutes: FastifyPluginAsyncZod = async (app) => {
  onApplicationStep('reportForwarded', 'answers', issueRound);
  onApplicationStep('revisionCommitted', 'answers', requireUnitAnswered);
  onApplicationStep('revisionSent', 'answers', sendAnswers);

  const callerOf = (request: FastifyRequest & { params: { projectId: string } }): AnswerCaller => ({
    member: actingMember(request),
    accountId: request.auth!.account.id,
    projectId: request.params.projectId,
    audit: auditActorOf(request),
  });

  app.get(
    `${BASE}/pagelist`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '项目已出具的审查意见及其回复（list=CONST 施工图与勘察，ENERGY 节能）；本单位待回复的在前',
          en: "The application's issued opinions with their answers (list=CONST drawings and survey, ENERGY energy saving); the caller's unit's first",
          project: 'answers.view',
        }),
        params: projectParams,
        querystring: answerListQuery,
        response: { 200: envelopeOf(answerPage) },
      },
    },
    async (request) => ok(request, await listAnswers(app.ctx, callerOf(request), request.query)),
  );

  app.get(
    `${BASE}/letter/:versionId`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '一轮送审所附的意见回复单 PDF（list=CONST 施工图与勘察，ENERGY 节能）；审查机构与主管部门看到已送审的回复',
          en: "The answer letter PDF sent with a round's version (list=CONST drawings and survey, ENERGY energy saving); the agency and authorities see sent answers only",
          project: 'answers.view',
          errors: ['ANSWER_LETTER_EMPTY'],
        }),
        params: projectParams.extend({ versionId: z.uuid() }),
        querystring: z.object({ list: z.enum(ANSWER_LIST_KEYS), download: z.enum(['0', '1']).optional() }),
      },
    },
    async (request, reply) => {
      const { bytes, fileName } = await answerLetterPdf(app.ctx, callerOf(request), {
        versionId: request.params.versionId,
        list: request.query.list,
      });
      const disposition = request.query.download === '1' ? 'attachment' : 'inline';
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(fileName, disposition))
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '一条意见：各轮的回复与复审处理',
          en: "One opinion with every round's answer and decision",
          project: 'answers.view',
        }),
        params: opinionParams,
        response: { 200: envelopeOf(answerDetail) },
      },
    },
    async (request) => ok(request, await getAnswerDetail(app.ctx, callerOf(request), request.params.id)),
  );

  app.post(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '回复一条意见：已修改（指明修改后的图纸、页码与位置）或说明不修改；每条只回复一次',
          en: 'Answers an opinion: revised (naming the revised sheet, page and region) or explained; once per opinion',
          project: 'answer.give',
          errors: [...ANSWER_ERRORS, 'ANSWER_EXISTS'],
        }),
        params: opinionParams,
        body: answerWriteRequest,
        response: { 200: envelopeOf(answerDetail) },
      },
    },
    async (request) =>
      ok(request, await giveAnswer(app.ctx, callerOf(request), request.params.id, request.body)),
  );

  app.put(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '修改本单位的回复（提交本轮资料前）',
          en: "Changes the unit's answer (until it hands over the round's materials)",
          project: 'answer.change',
          errors: [...ANSWER_ERRORS, 'ANSWER_MISSING'],
        }),
        params: opinionParams,
        body: answerWriteRequest,
        response: { 200: envelopeOf(answerDetail) },
      },
    },
    async (request) =>
      ok(request, await changeAnswer(app.ctx, callerOf(request), request.params.id, request.body)),
  );

  app.put(
    `${BASE}/:id/decision`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '复审中处理以前轮次的意见：闭合、保留（说明原因）或重新打开已闭合的意见（说明原因）',
          en: 'Decides an opinion of an earlier round in review: close, keep open (with a remark) or reopen a closed one (with a remark)',
          project: 'opinion.decide',
          errors: [
            'DECISION_NOT_CARRIED',
            'DECISION_DOES_NOT_APPLY',
            'OPINION_MISSION_NOT_YOURS',
            'OPINION_MISSION_NOT_OPEN',
          ],
        }),
        params: opinionParams,
        body: opinionDecisionRequest,
        response: { 200: envelopeOf(answerDetail) },
      },
    },
    async (request) =>
      ok(request, await decideOpinion(app.ctx, callerOf(request), request.params.id, request.body)),
  );

  app.delete(
    `${BASE}/:id/decision`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '撤回本轮对该意见的处理（任务提交前）',
          en: "Takes back this round's decision on the opinion (before the mission is submitted)",
          project: 'opinion.decide',
          errors: ['DECISION_NOT_CARRIED', 'OPINION_MISSION_NOT_YOURS', 'OPINION_MISSION_NOT_OPEN'],
        }),
        params: opinionParams,
        response: { 200: envelopeOf(answerDetail) },
      },
    },
    async (request) => ok(request, await decideOpinion(app.ctx, callerOf(request), request.params.id, null)),
  );
};
