/**
 * Every cached answer of the markups sits under `MARKUPS_KEY`; one file's under `markupsKey`. They
 * live in lib because the viewer's live channel (features/sheets) invalidates them when it hears
 * `markups`, and features do not import each other.
 */
export { MARKUPS_KEY, markupsKey } from '../../../lib/sheet-query-keys';
