import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformConfig } from '@drp/domain';
import { request } from '../../../lib/http';

export const platformConfigQuery = queryOptions({
  queryKey: ['platform-config'],
  queryFn: () => request<PlatformConfig>('/api/platform/config'),
  staleTime: Infinity,
});

export const usePlatformConfig = () => useQuery(platformConfigQuery);
