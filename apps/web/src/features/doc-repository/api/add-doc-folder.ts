import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { useRepositoryMutation } from './use-repository-mutation';

/** `docRepository/saveFolder`: a folder of the acting unit under `parentId`. */
export const useAddDocFolder = (target: ProjectTarget) =>
  useRepositoryMutation(target, (v: { versionId: string; parentId: string; name: string }) =>
    request<{ id: string }>(projectUrl(target, 'docRepository/saveFolder'), {
      method: 'POST',
      body: v,
      headers: actingAs(target.orgId),
    }),
  );
