import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { useRepositoryMutation } from './use-repository-mutation';

const enc = encodeURIComponent;

/**
 * `docRepository/updown/{id}/{targetId}/{flag}` (the server's `moveDocFolder`): puts the acting
 * unit's custom folder `id` just before (`up`) or after (`down`) its sibling `targetId`, or its
 * file `id` next to file `targetId` of the same folder.
 */
export const useMoveDocEntry = (target: ProjectTarget) =>
  useRepositoryMutation(target, (v: { id: string; targetId: string; flag: 'up' | 'down' }) =>
    request<null>(projectUrl(target, `docRepository/updown/${enc(v.id)}/${enc(v.targetId)}/${v.flag}`), {
      headers: actingAs(target.orgId),
    }),
  );
