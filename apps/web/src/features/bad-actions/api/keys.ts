import { projectKey, type ProjectTarget } from '../../../lib/project-target';

/** Every cached answer about one application's bad actions, as its party sees them. */
export const badActionsKey = (target: ProjectTarget) => ['badActions', ...projectKey(target)] as const;
