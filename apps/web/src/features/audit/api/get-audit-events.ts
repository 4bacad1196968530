import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPage, AuditQuery } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';

export const auditEventsQuery = (query: AuditQuery) =>
  queryOptions({
    queryKey: ['audit-events', query],
    queryFn: () => {
      return request<AuditPage>(`/api/admin/audit-events?${toQueryString(query)}`);
    },
    placeholderData: keepPreviousData,
  });

export const useAuditEvents = (query: AuditQuery) => useQuery(auditEventsQuery(query));
