import type { Db } from '../../db/database.js';

/**
 * What other capabilities do inside the transaction of a step of the application: the document
 * repository opens round 1 of the materials when it is submitted and reopens the latest round when
 * it is recalled; the answers (issue 20) fix the round's opinions when its report is forwarded and
 * open the next version for the revised drawings, check the answers when that version is sent, and
 * the missions open the next round's when it is accepted. The module taking the step runs the list
 * without knowing who is on it, so it imports none of them; a capability registers when its routes
 * are (once per name, so a second app in the same process does not run a step twice). A hook may
 * refuse the step by throwing: the step's transaction ends with it.
 */
export type ApplicationStep =
  | 'submitted'
  | 'recalled'
  /** A round's report was forwarded to the units (`passed`: nothing is open). */
  | 'reportForwarded'
  /** A design or survey unit hands over its materials of a later version (round 2 on). */
  | 'revisionCommitted'
  /** The construction unit sends a later version (round 2 on) to review. */
  | 'revisionSent'
  /** The agency accepts a later version: its round begins. */
  | 'revisionAccepted';

/** Where and when the step happened; `versionId` is the round's version (none for submit and recall). */
export interface StepDetails {
  at: Date;
  by: string | null;
  versionId?: string;
  passed?: boolean;
  /** revisionCommitted: the unit and the category it hands over. */
  unit?: { orgId: string; category: 'DESIGN' | 'SURVEY' };
}

type StepHook = (tx: Db, projectId: string, details: StepDetails) => Promise<void>;

const hooks: Record<ApplicationStep, Map<string, StepHook>> = {
  submitted: new Map(),
  recalled: new Map(),
  reportForwarded: new Map(),
  revisionCommitted: new Map(),
  revisionSent: new Map(),
  revisionAccepted: new Map(),
};

export function onApplicationStep(step: ApplicationStep, name: string, hook: StepHook) {
  hooks[step].set(name, hook);
}

export async function runApplicationStep(
  tx: Db,
  step: ApplicationStep,
  projectId: string,
  details: StepDetails,
) {
  for (const hook of hooks[step].values()) await hook(tx, projectId, details);
}
