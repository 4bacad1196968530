import { signatureSlotRects } from '../signatures/signature-slots.js';
import type { SignedDocumentKindAccess } from '../signatures/signed-documents.js';
import {
  findReport,
  findReportBySha256,
  listReports,
  updateReport,
  type ReportRow,
} from './reports.repository.js';

/** A report as the signatures module sees it: forwarded is issued, compiling is still building. */
function signable(report: ReportRow) {
  return {
    id: report.id,
    projectId: report.projectId,
    kind: 'REPORT' as const,
    name: report.reportNo,
    round: report.round,
    status:
      report.status === 'FORWARDED'
        ? ('ISSUED' as const)
        : report.status === 'COMPILING'
          ? ('BUILDING' as const)
          : report.status,
    file:
      report.fileKey && report.fileSize !== null && report.filePages !== null && report.fileSha256
        ? { key: report.fileKey, size: report.fileSize, pages: report.filePages, sha256: report.fileSha256 }
        : null,
  };
}

/** How the opinion reports are signed (issue 21): registered with the signatures module at start. */
export const reportDocuments: SignedDocumentKindAccess = {
  kind: 'REPORT',
  fullySigned: 'CENSOR_REPORT_SIGNED',
  async find(db, projectId, id, options = {}) {
    const found = await findReport(db, projectId, id, options);
    return found ? signable(found.report) : null;
  },
  async list(db, projectId, { issuedOnly }) {
    const { rows } = await listReports(
      db,
      { projectId, forwardedOnly: issuedOnly },
      // Every round's report of one application: a handful.
      { offset: 0, limit: 100 },
    );
    return rows.map((r) => signable(r.report));
  },
  async replaceFile(db, id, file, at) {
    await updateReport(db, id, { fileKey: file.key, fileSize: file.size, fileSha256: file.sha256, updatedAt: at });
  },
  async findIssuedBySha256(db, sha256) {
    const found = await findReportBySha256(db, sha256);
    return found ? { name: found.reportNo, projectName: found.projectName } : null;
  },
  filePrefix: (projectId) => `reports/${projectId}`,
  notReady: (status) => (status === 'BUILDING' ? 'REPORT_COMPILING' : 'REPORT_NOT_READY'),
  downloadName: (report) => `审查意见告知书 ${report.name}.pdf`,
  // The report ends with a page of its own for them (签章页).
  slotRects: signatureSlotRects,
};
