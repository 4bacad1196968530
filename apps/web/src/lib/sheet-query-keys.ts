import { projectKey, type ProjectTarget } from './project-target';

/**
 * The cached answers of the drawing viewer that two capabilities touch: the viewer's live channel
 * (features/sheets) hears that a file's markups changed and refreshes what the markups
 * (features/markups) read. Features do not import each other, so the key lives here.
 */
export const SHEETS_KEY = ['sheets'] as const;
export const MARKUPS_KEY = ['markups'] as const;

/** One file's sheet as one organisation of the application sees it. */
export const sheetKey = (target: ProjectTarget, fileId: string) =>
  [...SHEETS_KEY, ...projectKey(target), 'sheet', fileId] as const;

/** Everything cached about one file's markups (the list, replies) as one organisation sees them. */
export const markupsKey = (target: ProjectTarget, fileId: string) =>
  [...MARKUPS_KEY, ...projectKey(target), fileId] as const;
