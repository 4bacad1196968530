import { certificateSlotRects } from '../signatures/signature-slots.js';
import type { SignableDocument, SignedDocumentKindAccess } from '../signatures/signed-documents.js';
import {
  findCertificate,
  findIssuedCertificateBySha256,
  listCertificates,
  updateCertificate,
  type CertificateRow,
} from './certificates.repository.js';

/** A certificate as the signatures module sees it: issued (or later replaced) is final. */
function signable(certificate: CertificateRow): SignableDocument {
  const { status } = certificate;
  return {
    id: certificate.id,
    projectId: certificate.projectId,
    kind: 'CERTIFICATE',
    name: certificate.certificateNo,
    round: null,
    status:
      status === 'ISSUED' || status === 'SUPERSEDED' || status === 'REVOKED'
        ? 'ISSUED'
        : status === 'BUILDING'
          ? 'BUILDING'
          : status,
    file:
      certificate.fileKey &&
      certificate.fileSize !== null &&
      certificate.filePages !== null &&
      certificate.fileSha256
        ? {
            key: certificate.fileKey,
            size: certificate.fileSize,
            pages: certificate.filePages,
            sha256: certificate.fileSha256,
          }
        : null,
  };
}

/** How the certificates are signed (issue 21): registered with the signatures module at start. */
export const certificateDocuments: SignedDocumentKindAccess = {
  kind: 'CERTIFICATE',
  fullySigned: 'CENSOR_CERTIFICATE_SIGNED',
  async find(db, projectId, id, options = {}) {
    const found = await findCertificate(db, projectId, id, options);
    return found ? signable(found.certificate) : null;
  },
  async list(db, projectId, { issuedOnly }) {
    const rows = await listCertificates(db, projectId, { issuedOnly });
    return rows.map((r) => signable(r.certificate));
  },
  async replaceFile(db, id, file, at) {
    await updateCertificate(db, id, {
      fileKey: file.key,
      fileSize: file.size,
      fileSha256: file.sha256,
      updatedAt: at,
    });
  },
  async findIssuedBySha256(db, sha256) {
    const found = await findIssuedCertificateBySha256(db, sha256);
    return found ? { name: found.certificateNo, projectName: found.projectName } : null;
  },
  filePrefix: (projectId) => `certificates/${projectId}`,
  notReady: (status) => (status === 'BUILDING' ? 'CERTIFICATE_BUILDING' : 'CERTIFICATE_NOT_READY'),
  downloadName: (certificate) => `施工图设计文件审查合格书 ${certificate.name}.pdf`,
  // On the certificate's own page, in the band at its foot.
  slotRects: certificateSlotRects,
};
