import { queryOptions } from '@tanstack/react-query';
import type { PlatformConfig } from '@drp/domain';
import { request } from './http';

/**
 * The installation's public settings (title, the province it serves...), read once. Here rather
 * than in features/platform because shared components read it too (the region picker opens on
 * the province).
 */
export const platformConfigQuery = queryOptions({
  queryKey: ['platform-config'],
  queryFn: () => request<PlatformConfig>('/api/platform/config'),
  staleTime: Infinity,
});
