import type { DocCategory, DocFile, ProjectStatus } from '@drp/domain';
import type { ProjectTarget } from '../../../lib/project-target';
import type { DocVersionListStatus } from '../api/get-doc-versions';

/**
 * What the screen is for, by area (issue 6, "Screens"):
 * - upload: a design or survey unit fills and commits its folders (submit);
 * - send: the construction unit checks what the units committed and sends it to review (apply);
 * - receive: the agency's director or administrator accepts the sent version, returns it with
 *   reasons, or reminds the units of what is missing (audit receive pages);
 * - read: the agency's reviewers, supervisors and joint reviewers read and download.
 */
export type DocScreenMode = 'upload' | 'send' | 'receive' | 'read';

export interface DocRepositoryScreenProps {
  target: ProjectTarget;
  category: DocCategory;
  mode: DocScreenMode;
  /** Which versions are listed: the audit's review lists show only accepted ones. */
  versionsListed?: DocVersionListStatus;
  /** Where the other category of the same kind of screen is, for the switch in the title. */
  categoryLinks?: Record<DocCategory, string>;
  /** Names the zip of a version. */
  projectName: string;
  /**
   * Where a building of the application is shown (null: their list), so what stands in the way
   * of a hand-over links to where it is fixed.
   */
  buildingLink?: (buildingId: string | null) => string;
  /** Where the application stands: an accepted version of a passed one reads as reviewed. */
  applicationStatus?: ProjectStatus;
  /**
   * Where the drawing viewer shows a file (issue 18), for the files it opens; without it (the
   * joint area, which has no viewer) a file opens in a tab as before.
   */
  sheetLink?: (file: DocFile) => string | undefined;
}

/** A refusal as the server said it, for a message toast. */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
