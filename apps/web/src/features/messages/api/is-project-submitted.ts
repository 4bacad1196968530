import { ORG_HEADER } from '@drp/domain';
import { request } from '../../../lib/http';

/** Asked for the organisation the message was sent to, which may not be the current one. */
export const isProjectSubmitted = (projectId: string, orgId: string) =>
  request<boolean>(`/api/checkDrawings/project/isSubmitted/${encodeURIComponent(projectId)}`, {
    headers: { [ORG_HEADER]: orgId },
  });
