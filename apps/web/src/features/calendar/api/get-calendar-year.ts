import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarYearDetail } from '@drp/domain';
import { request } from '../../../lib/http';
import { CALENDAR_KEY } from './keys';

/** `GET /api/admin/calendar/years/{year}`: one year's days off and weekend days worked. */
export const calendarYearQuery = (year: number) =>
  queryOptions({
    queryKey: [...CALENDAR_KEY, 'years', year],
    queryFn: () => request<CalendarYearDetail>(`/api/admin/calendar/years/${year}`),
  });

export const useCalendarYear = (year: number | null) =>
  useQuery({ ...calendarYearQuery(year ?? 0), enabled: year !== null });
