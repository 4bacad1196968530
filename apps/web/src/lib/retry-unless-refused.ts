import { ApiError } from './http';

/**
 * TanStack Query's `retry` for reads: a refusal (4xx, a missing or out-of-reach record among
 * them) stays a refusal when asked again; anything else is tried twice more.
 */
export const retryUnlessRefused = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2;
