import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarYearDetail, CalendarYearEntry } from '@drp/domain';
import { request } from '../../../lib/http';
import { CALENDAR_KEY } from './keys';

/** `PUT /api/admin/calendar/years/{year}`: enters or replaces a year's notice. */
export const putCalendarYear = (year: number, entry: CalendarYearEntry) =>
  request<CalendarYearDetail>(`/api/admin/calendar/years/${year}`, { method: 'PUT', body: entry });

export function usePutCalendarYear() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ year, entry }: { year: number; entry: CalendarYearEntry }) => putCalendarYear(year, entry),
    // Review clocks shown anywhere read the calendar too.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: CALENDAR_KEY }),
        client.invalidateQueries({ queryKey: ['review-clock'] }),
      ]),
  });
}
