import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  opinion,
  opinionDetail,
  opinionListQuery,
  opinionPage,
  opinionPhrase,
  opinionPhraseList,
  opinionPhraseWriteRequest,
  opinionReturnRequest,
  opinionWriteRequest,
  type ErrorCode,
} from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { describeRoute } from '../../lib/route-docs.js';
import { actingMember } from '../project-access/project-access.service.js';
import {
  changeOpinion,
  changeOpinionPhrase,
  createOpinion,
  createOpinionPhrase,
  listOpinionPhrases,
  listOpinions,
  opinionDetail as readDetail,
  removeOpinion,
  removeOpinionPhrase,
  returnOpinion,
  type OpinionCaller,
} from './opinions.service.js';

const tags = ['opinions'];
const BASE = '/api/checkDrawings/:orgId/:projectId/opinions';
const PHRASES = '/api/checkDrawings/:orgId/opinionPhrases';
const projectParams = z.object({ orgId: z.uuid(), projectId: z.uuid() });
const opinionParams = projectParams.extend({ id: z.uuid() });
const orgParams = z.object({ orgId: z.uuid() });
const phraseParams = orgParams.extend({ id: z.uuid() });
const phraseQuery = z.object({ specialty: z.string().trim().max(40).optional() });

/** What a write is refused for, besides access: the mission, the dictionary, the clause, the sheet. */
const WRITE_ERRORS: readonly ErrorCode[] = [
  'OPINION_MISSION_UNKNOWN',
  'OPINION_TYPE_UNKNOWN',
  'OPINION_ENERGY_KEY_REQUIRED',
  'OPINION_ENERGY_KEY_NOT_ENERGY',
  'OPINION_CLAUSE_UNKNOWN',
  'CLAUSE_STANDARD_WITHDRAWN',
  'OPINION_CLAUSE_REQUIRED',
  'OPINION_CLAUSE_NOT_MANDATORY',
  'OPINION_SHEET_NOT_IN_ROUND',
  'OPINION_SHEET_PAGE_OUT_OF_RANGE',
  'OPINION_MARKUP_NOT_ON_SHEET',
];
const PHRASE_ERRORS: readonly ErrorCode[] = [
  'OPINION_PHRASE_NOT_REVIEWER',
  'OPINION_PHRASE_AGENCY_ONLY',
  'OPINION_SPECIALTY_UNKNOWN',
  'OPINION_CLAUSE_UNKNOWN',
  'CLAUSE_STANDARD_WITHDRAWN',
];

/**
 * Review opinions (issue 19): the three lists (drawings, energy saving, survey) of the round under
 * review, recording and saving under a mission, the checker's edit and return, and the phrase lists.
 */
export const opinionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const callerOf = (request: FastifyRequest & { params: { projectId: string } }): OpinionCaller => ({
    member: actingMember(request),
    accountId: request.auth!.account.id,
    projectId: request.params.projectId,
  });
  const personOf = (request: FastifyRequest) => ({
    member: actingMember(request),
    accountId: request.auth!.account.id,
  });

  app.get(
    BASE,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '本轮审查的一类审查意见（施工图、节能或勘察），强条在前，及本人可录入意见的任务',
          en: "One kind of the round's opinions (drawings, energy saving or survey), mandatory ones first, and the caller's missions open for new ones",
          project: 'opinions.view',
        }),
        params: projectParams,
        querystring: opinionListQuery,
        response: { 200: envelopeOf(opinionPage) },
      },
    },
    async (request) =>
      ok(request, await listOpinions(app.ctx, { ...callerOf(request), query: request.query })),
  );

  app.post(
    BASE,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '审查人在本人未提交的任务下录入审查意见或保存草稿',
          en: 'The reviewer records an opinion, or keeps a draft, under their open mission',
          project: ['opinions.view', 'opinion.write'],
          errors: WRITE_ERRORS,
        }),
        params: projectParams,
        body: opinionWriteRequest,
        response: { 201: envelopeOf(opinion) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(ok(request, await createOpinion(app.ctx, { ...callerOf(request), request: request.body }))),
  );

  app.get(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '一条审查意见及其修改、校审记录',
          en: 'One opinion with its history of edits and checks',
          project: 'opinions.view',
        }),
        params: opinionParams,
        response: { 200: envelopeOf(opinionDetail) },
      },
    },
    async (request) =>
      ok(request, await readDetail(app.ctx, { ...callerOf(request), id: request.params.id })),
  );

  app.put(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '修改审查意见：审查人在任务未提交时；校审人或负责人在任务待校审时（保留修改前的内容）',
          en: 'Saves an opinion again: the reviewer while the mission is open; the checker or a director while it waits for the check (the text before is kept)',
          project: ['opinions.view', 'opinion.write', 'opinion.check'],
          errors: [...WRITE_ERRORS, 'OPINION_MISSION_CHANGED'],
        }),
        params: opinionParams,
        body: opinionWriteRequest,
        response: { 200: envelopeOf(opinion) },
      },
    },
    async (request) =>
      ok(
        request,
        await changeOpinion(app.ctx, { ...callerOf(request), id: request.params.id, request: request.body }),
      ),
  );

  app.delete(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '审查人在任务未提交时删除审查意见',
          en: 'The reviewer deletes an opinion while the mission is open',
          project: ['opinions.view', 'opinion.write'],
        }),
        params: opinionParams,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await removeOpinion(app.ctx, { ...callerOf(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${BASE}/:id/return`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '校审人或负责人退回一条意见并写明原因：任务随之退回审查人（每次退回一条）',
          en: 'The checker or a director returns one opinion with a reason: its mission goes back to the reviewer (one opinion per call)',
          project: ['opinions.view', 'opinion.check'],
        }),
        params: opinionParams,
        body: opinionReturnRequest,
        response: { 200: envelopeOf(opinion) },
      },
    },
    async (request) =>
      ok(
        request,
        await returnOpinion(app.ctx, {
          ...callerOf(request),
          id: request.params.id,
          reason: request.body.reason,
        }),
      ),
  );

  app.get(
    PHRASES,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '常用意见：本人的及本审查机构的，可按专业筛选',
          en: "Phrases: the caller's own and the agency's, optionally for one specialty",
          errors: ['OPINION_PHRASE_NOT_REVIEWER'],
        }),
        params: orgParams,
        querystring: phraseQuery,
        response: { 200: envelopeOf(opinionPhraseList) },
      },
    },
    async (request) =>
      ok(
        request,
        await listOpinionPhrases(app.ctx, { ...personOf(request), specialty: request.query.specialty }),
      ),
  );

  app.post(
    PHRASES,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '添加常用意见：本人的（审查人员），或机构的（管理员、负责人）',
          en: "Adds a phrase: one's own (any reviewer), or the agency's (its admin or directors)",
          errors: [...PHRASE_ERRORS, 'OPINION_PHRASES_FULL'],
        }),
        params: orgParams,
        body: opinionPhraseWriteRequest,
        response: { 201: envelopeOf(opinionPhrase) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(request, await createOpinionPhrase(app.ctx, { ...personOf(request), request: request.body })),
        ),
  );

  app.put(
    `${PHRASES}/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '修改常用意见（范围不变）；他人的答 404',
          en: "Changes a phrase (its scope stays); someone else's answers 404",
          errors: PHRASE_ERRORS,
        }),
        params: phraseParams,
        body: opinionPhraseWriteRequest,
        response: { 200: envelopeOf(opinionPhrase) },
      },
    },
    async (request) =>
      ok(
        request,
        await changeOpinionPhrase(app.ctx, {
          ...personOf(request),
          id: request.params.id,
          request: request.body,
        }),
      ),
  );

  app.delete(
    `${PHRASES}/:id`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '删除常用意见；他人的答 404',
          en: "Deletes a phrase; someone else's answers 404",
          errors: ['OPINION_PHRASE_NOT_REVIEWER', 'OPINION_PHRASE_AGENCY_ONLY'],
        }),
        params: phraseParams,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await removeOpinionPhrase(app.ctx, { ...personOf(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );
};
