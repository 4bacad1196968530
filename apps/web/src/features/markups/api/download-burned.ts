import { downloadFile, toQueryString } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';

/** `GET docRepository/markups/burned?fileId=`: a copy of the PDF with the visible markups burnt in. */
export const downloadBurned = (target: ProjectTarget, fileId: string, fileName: string) =>
  downloadFile(projectUrl(target, `docRepository/markups/burned?${toQueryString({ fileId })}`), fileName, {
    headers: actingAs(target.orgId),
  });
