import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BadAction } from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { badActionsKey } from './keys';

/** `POST badAction/{id}/evidence`, multipart: the file alone. No timeout: a scan takes its time. */
export function attachBadActionEvidence(target: ProjectTarget, id: string, file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return request<BadAction>(projectUrl(target, `badAction/${encodeURIComponent(id)}/evidence`), {
    method: 'POST',
    body,
    headers: actingAs(target.orgId),
    noTimeout: true,
  });
}

export function useAttachBadActionEvidence(target: ProjectTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => attachBadActionEvidence(target, id, file),
    onSettled: () => queryClient.invalidateQueries({ queryKey: badActionsKey(target) }),
  });
}
