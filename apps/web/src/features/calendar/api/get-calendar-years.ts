import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarYearList } from '@drp/domain';
import { request } from '../../../lib/http';
import { CALENDAR_KEY } from './keys';

/** `GET /api/admin/calendar/years`: the years entered, seeded or by the system admin. */
export const calendarYearsQuery = () =>
  queryOptions({
    queryKey: [...CALENDAR_KEY, 'years'],
    queryFn: () => request<CalendarYearList>('/api/admin/calendar/years'),
  });

export const useCalendarYears = () => useQuery(calendarYearsQuery());
