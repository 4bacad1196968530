import { downloadFile, toQueryString } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';

/** `GET docRepository/markups/xfdf?fileId=`: the markups the caller sees, as XFDF, saved as a file. */
export const exportXfdf = (target: ProjectTarget, fileId: string, fileName: string) =>
  downloadFile(projectUrl(target, `docRepository/markups/xfdf?${toQueryString({ fileId })}`), fileName, {
    headers: actingAs(target.orgId),
  });
