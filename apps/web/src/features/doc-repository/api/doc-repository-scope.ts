import { ORG_HEADER } from '@drp/domain';
import { ApiError } from '../../../lib/http';

/**
 * The application a repository call is about and the organisation acting in it: the
 * organisation goes in the path and in X-Org-Id, so the server judges the call by the member the
 * page shows.
 */
export interface DocRepositoryTarget {
  orgId: string;
  projectId: string;
}

const enc = encodeURIComponent;

/** `/api/checkDrawings/{orgId}/{projectId}/<rest>`. */
export const docRepositoryUrl = ({ orgId, projectId }: DocRepositoryTarget, rest: string) =>
  `/api/checkDrawings/${enc(orgId)}/${enc(projectId)}/${rest}`;

export const actingAs = (orgId: string) => ({ [ORG_HEADER]: orgId });

/** Every cached answer of this capability sits under one key, so a change refreshes them all. */
export const DOC_REPOSITORY_KEY = ['doc-repository'] as const;

export const docRepositoryKey = ({ orgId, projectId }: DocRepositoryTarget) =>
  [...DOC_REPOSITORY_KEY, projectId, orgId] as const;

/** A refusal (4xx) stays a refusal when asked again. */
export const retryUnlessRefused = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2;
