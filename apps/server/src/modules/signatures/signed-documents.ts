import type { ErrorCode, MessageType, SignedDocumentKind } from '@drp/domain';
import type { Db } from '../../db/database.js';
import type { SlotRect } from './signature-slots.js';

/**
 * How the signatures module reaches the documents it signs, which other modules issue and own:
 * the opinion reports, the certificate and the sealed drawing set. Each kind registers one of these at start-up (as
 * job handlers do), so signing never imports the module above it.
 */
export interface SignableDocument {
  id: string;
  projectId: string;
  kind: SignedDocumentKind;
  /** The report's or certificate's number. */
  name: string;
  round: number | null;
  /** BUILDING while its PDF is made, READY to sign, FAILED, ISSUED once sent (final). */
  status: 'BUILDING' | 'READY' | 'FAILED' | 'ISSUED';
  file: { key: string; size: number; pages: number; sha256: string } | null;
}

export interface SignedDocumentKindAccess {
  kind: SignedDocumentKind;
  /** One document of the application; held for a change when `lock`. */
  find(db: Db, projectId: string, id: string, options?: { lock?: boolean }): Promise<SignableDocument | null>;
  /** The application's documents; `issuedOnly` for those who see only what was sent to them. */
  list(db: Db, projectId: string, options: { issuedOnly: boolean }): Promise<SignableDocument[]>;
  /** The document's file after one more signature. */
  replaceFile(db: Db, id: string, file: { key: string; size: number; sha256: string }, at: Date): Promise<void>;
  /** An issued document whose current file has this SHA-256 (a presented copy is genuine). */
  findIssuedBySha256(db: Db, sha256: string): Promise<{ name: string; projectName: string } | null>;
  /** Where its files are kept (a prefix of the file store). */
  filePrefix(projectId: string): string;
  /** What a document without its file (BUILDING, FAILED) answers to one who wants it signed or shown. */
  notReady(status: SignableDocument['status']): ErrorCode;
  /** The name a saved copy gets. */
  downloadName(document: SignableDocument): string;
  /** Where the signatures go on its last page (the boxes its PDF draws for them). */
  slotRects(people: number): { people: SlotRect[]; seal: SlotRect };
  /**
   * For a document of many files (the drawing set): signing records the act in the signing
   * transaction and this queues the work of putting the signature on each file; the document has
   * no single file of its own.
   */
  signInQueue?(tx: Db, document: SignableDocument, taskId: string, at: Date): Promise<void>;
  /**
   * The agency's to-do once every signature is on it (forward the report, issue the certificate);
   * none for a document whose last signature is its last step (the sealed set).
   */
  fullySigned?: MessageType;
}

const kinds = new Map<SignedDocumentKind, SignedDocumentKindAccess>();

export function registerSignedDocuments(access: SignedDocumentKindAccess) {
  kinds.set(access.kind, access);
}

export function signedDocumentsOf(kind: SignedDocumentKind): SignedDocumentKindAccess {
  const access = kinds.get(kind);
  if (!access) throw new Error(`no signed documents of kind ${kind} are registered`);
  return access;
}

export const registeredKinds = () => [...kinds.values()];
