import type { FastifyInstance } from 'fastify';
import type { DocFile } from '@drp/domain';
import { submittedForMaterials, uploadDocFile } from './doc-fixture.js';
import { demoOrgIds } from './project-fixture.js';
import type { TestApp } from './test-app.js';

/**
 * Runs the app's job queue until nothing is due, so every sheet queued so far is READY (or
 * FAILED) when it returns. Tests call this instead of waiting for the worker, which a test app
 * never starts (it starts on listen).
 */
export async function prepareSheetsNow(app: FastifyInstance): Promise<number> {
  return app.jobs.drain();
}

/**
 * An application submitted for materials, and a function that uploads a file into its structure
 * folder as the design unit: what every sheet test starts from.
 */
export async function sheetUploader(
  t: TestApp,
  name: string,
): Promise<(fileName: string, body: Buffer) => Promise<DocFile>> {
  const org = await demoOrgIds(t.database.db);
  const constructToken = await t.signIn('construct_admin');
  const designToken = await t.signIn('design_admin');
  const materials = await submittedForMaterials(t, { constructToken, designToken, org, name });
  return (fileName, body) =>
    uploadDocFile(t, {
      token: designToken,
      orgId: org.design!,
      projectId: materials.project.id,
      versionId: materials.versionId,
      folderId: materials.structure.id,
      name: fileName,
      body,
    });
}
