import type { Db } from '../../db/database.js';

/**
 * What other capabilities do inside the transaction of a step of the application: the document
 * repository opens round 1 of the materials when it is submitted and reopens the latest round when
 * it is recalled. The projects module runs the list without knowing who is on it, so it imports no
 * other capability; a capability registers when its routes are (once per name, so a second app in
 * the same process does not run a step twice).
 */
export type ApplicationStep = 'submitted' | 'recalled';
type StepHook = (tx: Db, projectId: string) => Promise<void>;

const hooks: Record<ApplicationStep, Map<string, StepHook>> = {
  submitted: new Map(),
  recalled: new Map(),
};

export function onApplicationStep(step: ApplicationStep, name: string, hook: StepHook) {
  hooks[step].set(name, hook);
}

export async function runApplicationStep(tx: Db, step: ApplicationStep, projectId: string) {
  for (const hook of hooks[step].values()) await hook(tx, projectId);
}
