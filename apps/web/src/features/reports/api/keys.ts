import { projectKey, type ProjectTarget } from '../../../lib/project-target';

/** Every cached answer about one application's opinion reports, as its party sees them. */
export const reportsKey = (target: ProjectTarget) => ['opinionReports', ...projectKey(target)] as const;
