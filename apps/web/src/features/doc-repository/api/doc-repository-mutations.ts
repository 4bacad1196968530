import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocCategory } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import {
  actingAs,
  docRepositoryKey,
  docRepositoryUrl,
  type DocRepositoryTarget,
} from './doc-repository-scope';

const enc = encodeURIComponent;

/** A change anywhere in the repository refreshes trees, files and the hand-over state alike. */
function useRepositoryMutation<V, R>(target: DocRepositoryTarget, call: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: docRepositoryKey(target) }),
  });
}

/** `docRepository/saveFolder`: a folder of the acting unit under `parentId`. */
export const useAddDocFolder = (target: DocRepositoryTarget) =>
  useRepositoryMutation(target, (v: { versionId: string; parentId: string; name: string }) =>
    request<{ id: string }>(docRepositoryUrl(target, 'docRepository/saveFolder'), {
      method: 'POST',
      body: v,
      headers: actingAs(target.orgId),
    }),
  );

/** `docRepository/rename/{id}`. */
export const useRenameDocFolder = (target: DocRepositoryTarget) =>
  useRepositoryMutation(target, ({ id, name }: { id: string; name: string }) =>
    request<null>(docRepositoryUrl(target, `docRepository/rename/${enc(id)}`), {
      method: 'PUT',
      body: { name },
      headers: actingAs(target.orgId),
    }),
  );

/** `docRepository/delete/{id}`: a file, or a folder with everything in it. */
export const useDeleteDocEntry = (target: DocRepositoryTarget) =>
  useRepositoryMutation(target, (id: string) =>
    request<null>(docRepositoryUrl(target, `docRepository/delete/${enc(id)}`), {
      method: 'DELETE',
      headers: actingAs(target.orgId),
    }),
  );

/** `docRepository/deleteAll/{ids}`: several files or folders at once, all or none. */
export const useDeleteDocEntries = (target: DocRepositoryTarget) =>
  useRepositoryMutation(target, (ids: readonly string[]) =>
    request<null>(docRepositoryUrl(target, `docRepository/deleteAll/${ids.map(enc).join(',')}`), {
      method: 'DELETE',
      headers: actingAs(target.orgId),
    }),
  );

/**
 * `docRepository/updown/{id}/{targetId}/{flag}`: puts the acting unit's custom folder `id` just
 * before (`up`) or after (`down`) its sibling `targetId`, or its file `id` next to file `targetId`
 * of the same folder.
 */
export const useMoveDocEntry = (target: DocRepositoryTarget) =>
  useRepositoryMutation(target, (v: { id: string; targetId: string; flag: 'up' | 'down' }) =>
    request<null>(
      docRepositoryUrl(target, `docRepository/updown/${enc(v.id)}/${enc(v.targetId)}/${v.flag}`),
      { headers: actingAs(target.orgId) },
    ),
  );

/** `docRepositoryOrg/commitDoc`: the acting unit hands over its materials of one category. */
export const useCommitDoc = (target: DocRepositoryTarget) =>
  useRepositoryMutation(target, (v: { versionId: string; category: DocCategory }) =>
    request<null>(docRepositoryUrl(target, `docRepositoryOrg/commitDoc?${toQueryString(v)}`), {
      headers: actingAs(target.orgId),
    }),
  );
