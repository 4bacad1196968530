import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrgType } from '@drp/domain';
import { request } from '../../../lib/http';

/** Enabled organisations of one type, for choosing the parties of an application. */
export const companiesByTypeQuery = (orgType: OrgType) =>
  queryOptions({
    queryKey: ['companies-by-type', orgType],
    queryFn: ({ signal }) =>
      request<{ id: string; name: string }[]>(
        `/api/admin/company/getCompanyByOrgType/${encodeURIComponent(orgType)}`,
        { signal },
      ),
    staleTime: 60_000,
  });

export const useCompaniesByType = (orgType: OrgType) => useQuery(companiesByTypeQuery(orgType));
