import { request } from '../../../lib/http';
import { idList } from '../../../lib/id-list';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { useRepositoryMutation } from './use-repository-mutation';

/** `docRepository/deleteAll/{ids}`: several files or folders at once, all or none. */
export const useRemoveDocEntries = (target: ProjectTarget) =>
  useRepositoryMutation(target, (ids: readonly string[]) =>
    request<null>(projectUrl(target, `docRepository/deleteAll/${idList(ids)}`), {
      method: 'DELETE',
      headers: actingAs(target.orgId),
    }),
  );
