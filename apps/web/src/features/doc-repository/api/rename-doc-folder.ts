import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { useRepositoryMutation } from './use-repository-mutation';

/** `docRepository/rename/{id}`. */
export const useRenameDocFolder = (target: ProjectTarget) =>
  useRepositoryMutation(target, ({ id, name }: { id: string; name: string }) =>
    request<null>(projectUrl(target, `docRepository/rename/${encodeURIComponent(id)}`), {
      method: 'PUT',
      body: { name },
      headers: actingAs(target.orgId),
    }),
  );
