import { downloadFile } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';

/** `badAction/{id}/evidence`: the file under its own name (the bearer token rules out a plain link). */
export const downloadBadActionEvidence = (target: ProjectTarget, id: string, fileName: string) =>
  downloadFile(projectUrl(target, `badAction/${encodeURIComponent(id)}/evidence`), fileName, {
    headers: actingAs(target.orgId),
  });
