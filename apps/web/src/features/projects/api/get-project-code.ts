import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, toQueryString } from '../../../lib/http';
import { PROJECTS_KEY } from '../../../lib/project-target';

/** The code the next application in the region would get; the real one is assigned on saving. */
export const projectCodePreviewQuery = (regionCode: string) =>
  queryOptions({
    queryKey: [...PROJECTS_KEY, 'code-preview', regionCode],
    queryFn: ({ signal }) =>
      request<string>(`/api/checkDrawings/codeGenerate/getProjectCode?${toQueryString({ regionCode })}`, {
        signal,
      }),
  });

export const useProjectCodePreview = (regionCode: string | undefined) =>
  useQuery({ ...projectCodePreviewQuery(regionCode ?? ''), enabled: Boolean(regionCode) });
