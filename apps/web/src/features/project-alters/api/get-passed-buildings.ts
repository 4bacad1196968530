import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PassedBuilding } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import { PROJECT_ALTERS_KEY } from './keys';

/** `projectAlterDetail/getPassedBuildings`: the buildings of a master's passed applications. */
export const passedBuildingsQuery = (projectDicId: string) =>
  queryOptions({
    queryKey: [...PROJECT_ALTERS_KEY, 'passed-buildings', projectDicId],
    queryFn: ({ signal }) =>
      request<PassedBuilding[]>(
        `/api/checkDrawings/projectAlterDetail/getPassedBuildings?${toQueryString({ projectDicId })}`,
        { signal },
      ),
  });

export const usePassedBuildings = (projectDicId: string | undefined) =>
  useQuery({ ...passedBuildingsQuery(projectDicId ?? ''), enabled: Boolean(projectDicId) });
