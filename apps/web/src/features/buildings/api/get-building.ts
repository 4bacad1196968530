import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Building } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';
import { projectBuildingsKey } from './keys';

/** One building of the project (`GET …/building/{buildingId}`). */
export const buildingQuery = (target: ProjectTarget, id: string) =>
  queryOptions({
    queryKey: [...projectBuildingsKey(target), 'one', id],
    queryFn: ({ signal }) =>
      request<Building>(projectUrl(target, `building/${encodeURIComponent(id)}`), {
        signal,
        headers: actingAs(target.orgId),
      }),
    // A building of another project, or none, answers 404: asking again changes nothing.
    retry: retryUnlessRefused,
  });

export const useBuilding = (target: ProjectTarget, id: string) => useQuery(buildingQuery(target, id));
