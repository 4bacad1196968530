import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPage, AuditQuery } from '@drp/domain';
import { request } from '../../../lib/http';

export const auditEventsQuery = (query: AuditQuery) =>
  queryOptions({
    queryKey: ['audit-events', query],
    queryFn: () => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query) as [string, string | number | undefined][])
        if (value !== undefined && value !== '') params.set(key, String(value));
      return request<AuditPage>(`/api/admin/audit-events?${params.toString()}`);
    },
    placeholderData: keepPreviousData,
  });

export const useAuditEvents = (query: AuditQuery) => useQuery(auditEventsQuery(query));
