import type { Query } from '@tanstack/react-query';
import { ApiError } from './http';

/** The app's one "nothing here" page; unknown paths lead to it too. */
export const NOT_FOUND_PATH = '/common/404';

/**
 * The record a call names does not exist, is out of the caller's reach, or its id in the URL is
 * malformed: the server answers all three with 404 NOT_FOUND, so neither tells ids apart.
 */
export const isRecordNotFound = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 404 && error.code === 'NOT_FOUND';

/**
 * TanStack Query's `throwOnError` for every read: a page whose record is missing on its first
 * load throws to the route's error element, which shows the 404 page, so no page needs its own
 * "not found" branch. A record that disappears later (deleted by this or another user while
 * shown) keeps its last data and lets the page say so in place.
 */
export const throwWhenRecordMissing = (
  error: Error,
  query: Query<unknown, Error, unknown, readonly unknown[]>,
) => isRecordNotFound(error) && query.state.data === undefined;
