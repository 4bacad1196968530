import type { ProjectDoc } from '@drp/domain';
import { downloadFile } from '../../../lib/http';

/** `projectDoc/download/{id}`: the file under its own name (the bearer token rules out a plain link). */
export const openProjectDoc = (doc: Pick<ProjectDoc, 'id' | 'fileName'>) =>
  downloadFile(`/api/checkDrawings/projectDoc/download/${encodeURIComponent(doc.id)}`, doc.fileName);
