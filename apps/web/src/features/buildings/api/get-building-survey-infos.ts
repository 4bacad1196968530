import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BuildingSurveyInfo } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { projectBuildingsKey } from './keys';

/** `getBuildingSurveyInfo/{id}`: the survey units' findings for one building (one entry per unit). */
export const buildingSurveyInfosQuery = (target: ProjectTarget, buildingId: string) =>
  queryOptions({
    queryKey: [...projectBuildingsKey(target), 'surveyInfo', buildingId],
    queryFn: ({ signal }) =>
      request<BuildingSurveyInfo[]>(
        projectUrl(target, `building/getBuildingSurveyInfo/${encodeURIComponent(buildingId)}`),
        { signal, headers: actingAs(target.orgId) },
      ),
  });

export const useBuildingSurveyInfos = (target: ProjectTarget, buildingId: string) =>
  useQuery(buildingSurveyInfosQuery(target, buildingId));
