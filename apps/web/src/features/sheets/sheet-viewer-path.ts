import type { DocCategory } from '@drp/domain';

/** The areas whose document trees open the viewer (spec §2; the joint area has no viewer route). */
export type SheetViewerArea = 'apply' | 'submit' | 'audit' | 'supervise';

const PREFIX: Record<SheetViewerArea, string> = {
  apply: '/sys_apply',
  submit: '/sys_submit',
  audit: '/sys_audit',
  supervise: '/sys_supervise',
};

export interface SheetViewerTarget {
  area: SheetViewerArea;
  orgId: string;
  projectId: string;
  versionId: string;
  folderId: string;
  fileId: string;
  category: DocCategory;
  /** reviewPathFlag: open with the markup tools shown (1) or to read (0). */
  review: boolean;
}

const enc = encodeURIComponent;

/** `/{area}/{orgId}/{projectId}/reviewPDF/{versionId}/{folderId}/{id}/{treePath}/{reviewPathFlag}`. */
export const sheetViewerPath = (t: SheetViewerTarget) =>
  `${PREFIX[t.area]}/${enc(t.orgId)}/${enc(t.projectId)}/reviewPDF/${enc(t.versionId)}/${enc(t.folderId)}/${enc(t.fileId)}/${t.category}/${t.review ? 1 : 0}`;

/** What the viewer opens: PDFs, as the server judged the bytes. */
export const opensInViewer = (file: { contentType: string }) => file.contentType === 'application/pdf';
