import type { DocFile } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';

/** What the browser shows by itself; anything else is saved. */
export const isViewable = (file: Pick<DocFile, 'contentType'>) =>
  file.contentType === 'application/pdf' || file.contentType.startsWith('image/');

/** `docRepository/getViewURL`: a signed link to one file, good for a few minutes. */
export const issueViewUrl = (target: ProjectTarget, fileId: string) =>
  request<{ url: string }>(projectUrl(target, `docRepository/getViewURL?${toQueryString({ fileId })}`), {
    headers: actingAs(target.orgId),
  });

const withDownload = (url: string) => `${url}${url.includes('?') ? '&' : '?'}download=1`;

/**
 * Opens a file: a PDF or an image in a new tab, anything else (or `download`) saved. The tab is
 * opened on the click itself, before the link is fetched, because a browser blocks tabs opened
 * later; it is closed again when the link is refused.
 */
export async function openDocFile(target: ProjectTarget, file: DocFile, download = false) {
  const inTab = !download && isViewable(file);
  const tab = inTab ? window.open('', '_blank') : null;
  try {
    const { url } = await issueViewUrl(target, file.id);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
      return;
    }
    const link = document.createElement('a');
    link.href = inTab ? url : withDownload(url);
    if (inTab) link.target = '_blank';
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } catch (error) {
    tab?.close();
    throw error;
  }
}
