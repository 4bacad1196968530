import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarYearDetail,
  calendarYearEntry,
  calendarYearList,
  calendarYearNumber,
  envelopeOf,
  reviewClocks,
} from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { describeRoute } from '../../lib/route-docs.js';
import { auditActorOf } from '../audit/audit.service.js';
import { actingMember } from '../project-access/project-access.service.js';
import { enterWorkCalendarYear, listWorkCalendarYears, readWorkCalendarYear } from './calendar.service.js';
import { readReviewClock } from './review-clock.service.js';

const yearParams = z.object({ year: calendarYearNumber });

/**
 * The working-day calendar, kept by the system admin (issue 19), and the review clock every party
 * of an application reads.
 */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/calendar/years',
    {
      schema: {
        tags: ['calendar'],
        ...describeRoute({
          zh: '工作日历已录入的年份：来源通知、放假和调休上班天数、录入人（仅系统管理员）',
          en: 'The years of the working-day calendar: the notice, days off and worked, who entered them (system admin only)',
        }),
        response: { 200: envelopeOf(calendarYearList) },
      },
    },
    async (request) => ok(request, await listWorkCalendarYears(app.ctx)),
  );

  app.get(
    '/api/admin/calendar/years/:year',
    {
      schema: {
        tags: ['calendar'],
        ...describeRoute({
          zh: '一年的节假日安排：放假日和调休上班日（仅系统管理员）',
          en: "A year's holiday arrangements: days off and weekend days worked (system admin only)",
          errors: ['CALENDAR_YEAR_NOT_FOUND'],
        }),
        params: yearParams,
        response: { 200: envelopeOf(calendarYearDetail) },
      },
    },
    async (request) => ok(request, await readWorkCalendarYear(app.ctx, request.params.year)),
  );

  app.put(
    '/api/admin/calendar/years/:year',
    {
      schema: {
        tags: ['calendar'],
        ...describeRoute({
          zh: '录入或更正一年的节假日安排（按国务院办公厅通知），整年替换（仅系统管理员）',
          en: "Enters or corrects a year's holiday arrangements (per the State Council notice), replacing the year whole (system admin only)",
          errors: [
            'CALENDAR_DAY_OUTSIDE_YEAR',
            'CALENDAR_DAY_DUPLICATE',
            'CALENDAR_WORKDAY_NOT_WEEKEND',
            'CALENDAR_YEAR_EMPTY',
          ],
        }),
        params: yearParams,
        body: calendarYearEntry,
        response: { 200: envelopeOf(calendarYearDetail) },
      },
    },
    async (request) =>
      ok(
        request,
        await enterWorkCalendarYear(app.ctx, {
          year: request.params.year,
          entry: request.body,
          audit: auditActorOf(request),
        }),
      ),
  );

  app.get(
    '/api/checkDrawings/:orgId/:projectId/reviewClock',
    {
      schema: {
        tags: ['calendar'],
        ...describeRoute({
          zh: '审查时限：已用和剩余工作日、到期日、是否暂停或超期（住建部令第13号第十二条）',
          en: 'The review clock: working days used and left, the due date, paused or overdue (MOHURD order 13 art. 12)',
          project: 'project.view',
        }),
        params: z.object({ orgId: z.uuid(), projectId: z.uuid() }),
        response: { 200: envelopeOf(reviewClocks) },
      },
    },
    async (request) =>
      ok(
        request,
        await readReviewClock(app.ctx, {
          member: actingMember(request),
          projectId: request.params.projectId,
        }),
      ),
  );
};
