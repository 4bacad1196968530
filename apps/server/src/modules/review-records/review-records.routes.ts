import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  localeFrom,
  reviewRecordBuildingDetail,
  reviewRecordDetail,
  reviewRecordPage,
  reviewRecordQuery,
} from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { describeRoute } from '../../lib/route-docs.js';
import { getReviewRecord, getReviewRecordBuilding, searchReviewRecords } from './review-records.service.js';

const tags = ['portal'];
const idParams = z.object({ id: z.uuid() });
const BASE = '/api/portal/reviewRecords';

/**
 * A person looks up a few applications; a scraper walks thousands. One budget per address covers
 * the search and both details.
 */
const rateLimit = {
  max: 60,
  timeWindow: 60_000,
  keyGenerator: (request: FastifyRequest) => `reviewRecords:${request.ip}`,
};

/** The public review record (`/common/reviewInfoSearch` and its two details), for anyone. */
export const reviewRecordsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    BASE,
    {
      config: { rateLimit },
      schema: {
        tags,
        ...describeRoute({
          zh: '审查信息公开：主管部门已确认备案的项目，按项目名称、项目编号、合格书编号、审查机构或建设单位查询，最新确认的在前；最多浏览前 500 条',
          en: 'The public review record: applications whose filing an authority confirmed, by project name, project code, certificate number, agency or construction unit, the latest first; at most the first 500 can be browsed',
          errors: ['REVIEW_RECORD_TOO_DEEP'],
        }),
        querystring: reviewRecordQuery,
        response: { 200: envelopeOf(reviewRecordPage) },
      },
    },
    async (request) => ok(request, await searchReviewRecords(app.ctx, request.query)),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { rateLimit },
      schema: {
        tags,
        ...describeRoute({
          zh: '一条公开的审查备案（备案 id）：项目、各方单位、合格书、审查结论、审查人员（仅姓名）和各单体',
          en: "One public review record (by the filing's id): the application, the parties, the certificate, the results, the reviewers (names only) and the buildings",
          errors: ['NOT_FOUND'],
        }),
        params: idParams,
        response: { 200: envelopeOf(reviewRecordDetail) },
      },
    },
    async (request) =>
      ok(
        request,
        await getReviewRecord(app.ctx, request.params.id, localeFrom(request.headers['accept-language'])),
      ),
  );

  app.get(
    `${BASE}/buildings/:id`,
    {
      config: { rateLimit },
      schema: {
        tags,
        ...describeRoute({
          zh: '已备案项目的一个单体（单体 id）：规模、结构、设防、设计与勘察单位及所属备案',
          en: "One building of a filed application (by the building's id): its size, structure, ratings, design and survey units and the record it belongs to",
          errors: ['NOT_FOUND'],
        }),
        params: idParams,
        response: { 200: envelopeOf(reviewRecordBuildingDetail) },
      },
    },
    async (request) =>
      ok(
        request,
        await getReviewRecordBuilding(
          app.ctx,
          request.params.id,
          localeFrom(request.headers['accept-language']),
        ),
      ),
  );
};
