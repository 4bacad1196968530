import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { useRepositoryMutation } from './use-repository-mutation';

/** `docRepository/delete/{id}`: a file, or a folder with everything in it. */
export const useRemoveDocEntry = (target: ProjectTarget) =>
  useRepositoryMutation(target, (id: string) =>
    request<null>(projectUrl(target, `docRepository/delete/${encodeURIComponent(id)}`), {
      method: 'DELETE',
      headers: actingAs(target.orgId),
    }),
  );
