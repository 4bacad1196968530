import { and, eq } from 'drizzle-orm';
import type { MissionGrid, OpinionReportSummary, SigningDocumentPage } from '@drp/domain';
import { members } from '../db/schema/accounts.js';
import { signingTasks } from '../db/schema/signatures.js';
import { pdfBytes, readyForHandOver, submittedForMaterials, uploadDocFile } from './doc-fixture.js';
import { detailOf, projectApi } from './project-fixture.js';
import { drawingSet } from './sheet-pdfs.js';
import type { TestApp } from './test-app.js';

/** The demo accounts an accepted application is made by. */
type Maker = 'construct_admin' | 'design_admin' | 'survey_admin' | 'censor_admin';

/**
 * An application of the demo units accepted by the agency, its tower confirmed, with a real drawing
 * set (S-101 in the structure folder) and a survey report: where every review test starts.
 * `confirmBuilding: false` leaves the tower unconfirmed, a round with nothing to review;
 * `plainDrawing` uploads stand-in bytes as S-101 instead, for tests that never open a sheet.
 */
export async function acceptedApplication(
  t: TestApp,
  input: {
    tokens: Record<Maker, string>;
    org: Record<string, string>;
    name: string;
    confirmBuilding?: boolean;
    plainDrawing?: boolean;
  },
) {
  const { tokens, org, name, confirmBuilding = true, plainDrawing = false } = input;
  const api = projectApi(t);
  const made = await submittedForMaterials(t, {
    constructToken: tokens.construct_admin,
    designToken: tokens.design_admin,
    org,
    name,
  });
  const id = made.project.id;
  await readyForHandOver(t, {
    constructToken: tokens.construct_admin,
    surveyToken: tokens.survey_admin,
    org,
    projectId: id,
    buildingId: made.buildingId,
  });
  const file = await uploadDocFile(t, {
    token: tokens.design_admin,
    orgId: org.design!,
    projectId: id,
    versionId: made.versionId,
    folderId: made.structure.id,
    name: 'S-101 结构平面.pdf',
    body: plainDrawing ? pdfBytes('S-101') : await drawingSet(),
  });
  await uploadDocFile(t, {
    token: tokens.survey_admin,
    orgId: org.survey!,
    projectId: id,
    versionId: made.versionId,
    folderId: made.surveyFolder.id,
    name: '勘察报告.pdf',
    body: pdfBytes('survey'),
  });
  const handOver = (user: Maker, orgId: string, what: string, query: Record<string, string>) =>
    api.send('GET', `/api/checkDrawings/${orgId}/${id}/docRepositoryOrg/${what}`, tokens[user], {
      query: { versionId: made.versionId, ...query },
    });
  detailOf(await handOver('design_admin', org.design!, 'commitDoc', { category: 'DESIGN' }));
  detailOf(await handOver('survey_admin', org.survey!, 'commitDoc', { category: 'SURVEY' }));
  detailOf(await handOver('construct_admin', org.construct!, 'confirmApplyDoc', { confirmWarnings: 'true' }));
  detailOf(await handOver('censor_admin', org.censor!, 'confirmApplyDoc', {}));
  if (confirmBuilding)
    detailOf(
      await api.send(
        'PUT',
        `/api/checkDrawings/${org.censor}/${id}/building/confirm/${made.buildingId}`,
        tokens.censor_admin,
      ),
    );
  return { id, buildingId: made.buildingId, versionId: made.versionId, fileId: file.id };
}

/**
 * Gives every signature a compiled report needs (issue 21), in order, as its signers would: each
 * reviewer's by the token `signers` holds for their account, then the director's and the seal.
 * What the tests of later steps do before forwarding; the signing itself is tested in signatures.
 */
export async function signReportCompletely(
  t: TestApp,
  input: {
    org: Record<string, string>;
    projectId: string;
    reportId: string;
    director: string;
    admin: string;
    /** Reviewers' tokens by account id. */
    reviewers: Record<string, string>;
  },
) {
  const api = projectApi(t);
  const list = async () =>
    detailOf<SigningDocumentPage>(
      await api.send(
        'GET',
        `/api/checkDrawings/${input.org.censor}/${input.projectId}/docRepository/querySignatureFile`,
        input.admin,
      ),
    ).items.find((d) => d.id === input.reportId)!;
  const [report, accounts] = await Promise.all([
    list(),
    t.database.db
      .select({ id: signingTasks.id, accountId: signingTasks.signerAccountId })
      .from(signingTasks)
      .where(eq(signingTasks.documentId, input.reportId)),
  ]);
  const accountOf = new Map(accounts.map((a) => [a.id, a.accountId]));
  for (const task of report.tasks) {
    const token =
      task.role === 'REVIEWER'
        ? input.reviewers[accountOf.get(task.id)!]
        : task.role === 'DIRECTOR'
          ? input.director
          : input.admin;
    if (!token) throw new Error(`no token for the signer of ${task.fieldName}`);
    detailOf(
      await api.send('POST', '/api/signature/task/start', token, {
        actingOrg: input.org.censor,
        payload: { taskId: task.id, password: 'Demo@2026' },
      }),
    );
  }
}

/** The accounts a passed application is reviewed and signed by. */
type Reviewer = 'censor_director' | 'censor_reviewer' | 'censor_reviewer2';

type ReviewInput = {
  tokens: Record<Maker | Reviewer, string>;
  ids: Record<'censor_reviewer' | 'censor_reviewer2', string>;
  org: Record<string, string>;
  name: string;
  /** A real drawing set as S-101 (the sealed set's tests); stand-in bytes otherwise. */
  realDrawing?: boolean;
};

/**
 * An application whose first round is reviewed without an opinion: missions for censor_reviewer
 * and, for the grid's first specialty, censor_reviewer2, submitted and accepted by the director,
 * so its report can be compiled. Answers the application's id.
 */
export async function reviewedApplication(t: TestApp, input: ReviewInput): Promise<string> {
  const { tokens, ids, org } = input;
  const api = projectApi(t);
  const { id } = await acceptedApplication(t, {
    tokens,
    org,
    name: input.name,
    plainDrawing: !input.realDrawing,
  });
  const missions = `/api/checkDrawings/${org.censor}/${id}/missions`;
  const grid = detailOf<MissionGrid>(await api.send('GET', missions, tokens.censor_director));
  const second = grid.specialties[0]!;
  for (const user of ['censor_reviewer', 'censor_reviewer2'] as const)
    await t.database.db
      .update(members)
      .set({ specialties: grid.specialties })
      .where(and(eq(members.accountId, ids[user]), eq(members.orgId, org.censor!)));
  const saved = detailOf<MissionGrid>(
    await api.send('PUT', missions, tokens.censor_director, {
      payload: {
        cells: grid.cells.map((c) => ({
          buildingId: c.buildingId,
          specialty: c.specialty,
          reviewerAccountId: c.specialty === second ? ids.censor_reviewer2 : ids.censor_reviewer,
          checkerAccountId: null,
          deadline: null,
          revision: c.revision,
        })),
      },
    }),
  );
  for (const cell of saved.cells) {
    const reviewer = cell.specialty === second ? 'censor_reviewer2' : 'censor_reviewer';
    detailOf(await api.send('POST', `${missions}/${cell.missionId}/submit`, tokens[reviewer]));
    detailOf(await api.send('POST', `${missions}/${cell.missionId}/accept`, tokens.censor_director));
  }
  return id;
}

/**
 * An application that passed review in its first round (no opinion, reviewedApplication): the
 * passing report compiled, signed by everyone and forwarded. Where the certificate's and filing's
 * tests start.
 */
export async function passedApplication(t: TestApp, input: ReviewInput) {
  const { tokens, ids, org } = input;
  const api = projectApi(t);
  const id = await reviewedApplication(t, input);
  const base = `/api/checkDrawings/${org.censor}/${id}/opinionReport`;
  const report = detailOf<OpinionReportSummary>(
    await api.send('POST', `${base}/compile`, tokens.censor_director),
  );
  await t.app.jobs.drain();
  const signers = {
    org,
    projectId: id,
    director: tokens.censor_director,
    admin: tokens.censor_admin,
    reviewers: {
      [ids.censor_reviewer]: tokens.censor_reviewer,
      [ids.censor_reviewer2]: tokens.censor_reviewer2,
    },
  };
  await signReportCompletely(t, { ...signers, reportId: report.id });
  detailOf(await api.send('POST', `${base}/forward/${report.id}`, tokens.censor_director));
  return {
    id,
    /** Gives every signature a document of this application needs (a certificate too). */
    signAll: (documentId: string) => signReportCompletely(t, { ...signers, reportId: documentId }),
  };
}
