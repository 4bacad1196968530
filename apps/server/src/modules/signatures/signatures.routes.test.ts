import { webcrypto } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  MissionGrid,
  OpinionReportSummary,
  SignatureCheck,
  SignatureVerification,
  SigningDocument,
  SigningDocumentPage,
} from '@drp/domain';
import { members } from '../../db/schema/accounts.js';
import { signInFailures } from '../../db/schema/auth.js';
import { messageReceivers, messages } from '../../db/schema/messages.js';
import { opinionReports } from '../../db/schema/reports.js';
import { signingIdentities } from '../../db/schema/signatures.js';
import { multipartBody } from '../../test/multipart-body.js';
import { pdfsig } from '../../test/pdfsig.js';
import { accountIdOf, demoOrgIds, detailOf, projectApi } from '../../test/project-fixture.js';
import { pdfText } from '../../test/render-pdf.js';
import { acceptedApplication } from '../../test/review-fixture.js';
import { drawingSet } from '../../test/sheet-pdfs.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { platformRootDer } from './signing-identities.service.js';

function refused(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ code: string }>().code, res.body).toBe(code);
  return res.json<{ message: string }>().message;
}

const USERS = [
  'construct_admin',
  'design_admin',
  'survey_admin',
  'censor_admin',
  'censor_director',
  'censor_reviewer',
  'censor_reviewer2',
  'censor2_admin',
] as const;
type User = (typeof USERS)[number];
const PASSWORD = 'Demo@2026';

describe('signatures: a report is signed by its reviewers, the director and the seal, in order, verifiable anywhere', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens = {} as Record<User, string>;
  const ids = {} as Record<User, string>;
  let projectId: string;
  let report: OpinionReportSummary;
  /** The specialty censor_reviewer2 reviews; censor_reviewer has the others. */
  let secondSpecialty: string;

  const orgOf = (user: User) =>
    user.startsWith('censor2')
      ? org.censor2!
      : user.startsWith('censor')
        ? org.censor!
        : user.startsWith('construct')
          ? org.construct!
          : user.startsWith('design')
            ? org.design!
            : org.survey!;
  const project = (user: User) => `/api/checkDrawings/${orgOf(user)}/${projectId}`;
  const documents = async (user: User) =>
    detailOf<SigningDocumentPage>(
      await api.send('GET', `${project(user)}/docRepository/querySignatureFile`, tokens[user]),
    ).items;
  const sign = (user: User, taskId: string, password = PASSWORD) =>
    api.send('POST', '/api/signature/task/start', tokens[user], {
      actingOrg: orgOf(user),
      payload: { taskId, password },
    });
  const fileOf = async () => {
    const [row] = await t.database.db.select().from(opinionReports).where(eq(opinionReports.id, report.id));
    return { row: row!, bytes: (await t.app.ctx.files.read(row!.fileKey!))! };
  };
  const verify = (user: User, content: Buffer, name = 'report.pdf') => {
    const { payload, headers } = multipartBody({}, { name, content, type: 'application/pdf' });
    return t.app.inject({
      method: 'POST',
      url: '/api/signature/task/verify',
      headers: { ...headers, authorization: `Bearer ${tokens[user]}` },
      payload,
    });
  };

  /** The open signature to-dos of the application, by account. */
  const openRequests = async () => {
    const rows = await t.database.db
      .select({ accountId: messageReceivers.accountId })
      .from(messageReceivers)
      .innerJoin(messages, eq(messages.id, messageReceivers.messageId))
      .where(
        and(
          eq(messages.projectId, projectId),
          eq(messages.type, 'CENSOR_SIGNATURE_REQUEST'),
          isNull(messageReceivers.settledAt),
        ),
      );
    return rows.map((r) => r.accountId).sort();
  };

  beforeAll(async () => {
    t = await createTestApp();
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    for (const user of USERS) {
      tokens[user] = await t.signIn(user);
      ids[user] = await accountIdOf(t.database.db, user);
    }
    ({ id: projectId } = await acceptedApplication(t, {
      tokens,
      org,
      name: '湘江新区签章测试公寓',
      plainDrawing: true,
    }));
    const missions = `/api/checkDrawings/${org.censor}/${projectId}/missions`;
    const grid = detailOf<MissionGrid>(await api.send('GET', missions, tokens.censor_director));
    secondSpecialty = grid.specialties[0]!;
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
            reviewerAccountId: c.specialty === secondSpecialty ? ids.censor_reviewer2 : ids.censor_reviewer,
            checkerAccountId: ids.censor_director,
            deadline: null,
            revision: c.revision,
          })),
        },
      }),
    );
    for (const cell of saved.cells) {
      const reviewer = cell.specialty === secondSpecialty ? 'censor_reviewer2' : 'censor_reviewer';
      detailOf(await api.send('POST', `${missions}/${cell.missionId}/submit`, tokens[reviewer]));
      detailOf(await api.send('POST', `${missions}/${cell.missionId}/accept`, tokens.censor_director));
    }
    report = detailOf<OpinionReportSummary>(
      await api.send('POST', `${project('censor_director')}/opinionReport/compile`, tokens.censor_director),
    );
    await t.app.jobs.drain();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('plans a signature for each reviewer by specialty, the director and the seal, and prints a box for each on a signature page', async () => {
    const [doc] = await documents('censor_admin');
    expect(doc).toMatchObject({ id: report.id, kind: 'REPORT', complete: false, signed: 0 });
    const roles = doc!.tasks.map((task) => task.role);
    expect(roles.at(-2)).toBe('DIRECTOR');
    expect(roles.at(-1)).toBe('AGENCY');
    expect(roles.filter((r) => r === 'REVIEWER').length).toBeGreaterThanOrEqual(2);
    // Reviewers may sign at once; the director waits for them, the seal for the director.
    expect(doc!.tasks.map((task) => task.status)).toEqual([
      ...roles.filter((r) => r === 'REVIEWER').map(() => 'PENDING'),
      'WAITING',
      'WAITING',
    ]);
    const { bytes, row } = await fileOf();
    expect(row.filePages).toBeGreaterThanOrEqual(2);
    const text = (await pdfText(bytes)).replace(/\s+/g, '');
    expect(text).toContain('签章页');
    expect(text).toContain('审核人');
    expect(text).toContain('审查机构（电子印章）');
    expect(text).toMatch(/审查人：/);
    // Built: each reviewer is asked for their signature, and nobody else yet.
    expect(await openRequests()).toEqual([ids.censor_reviewer, ids.censor_reviewer2].sort());
    // The report says how far its signing is, and cannot be forwarded before it is complete.
    const detail = detailOf<OpinionReportSummary>(
      await api.send('GET', `${project('censor_director')}/opinionReport/${report.id}`, tokens.censor_director),
    );
    expect(detail.signing).toEqual({ signed: 0, total: doc!.total });
    expect(detail.can.forward).toBe(false);
    expect(
      refused(
        await api.send('POST', `${project('censor_director')}/opinionReport/forward/${report.id}`, tokens.censor_director),
        409,
        'REPORT_NOT_SIGNED',
      ),
    ).toBe(`告知书还有 ${doc!.total} 处签章未完成，全部签署后才能告知`);
  });

  it('refuses a signature out of turn, for someone else, without the profile, with a wrong password, or from outside the agency', async () => {
    const [doc] = await documents('censor_reviewer');
    const mine = doc!.tasks.filter((task) => task.role === 'REVIEWER' && task.specialtyName !== null);
    const theirs = doc!.tasks.find((task) => task.role === 'REVIEWER' && task.canSign === false)!;
    const director = doc!.tasks.find((task) => task.role === 'DIRECTOR')!;
    const seal = doc!.tasks.find((task) => task.role === 'AGENCY')!;
    expect(theirs).toBeDefined();
    expect(mine.some((task) => task.canSign)).toBe(true);
    const before = (await fileOf()).row.fileSha256;

    expect(refused(await sign('censor_reviewer', theirs.id), 403, 'SIGNATURE_NOT_YOURS')).toMatch(/^该签章应由.+签署$/);
    refused(await sign('censor_director', director.id), 409, 'SIGNATURE_WAITING');
    refused(await sign('censor_admin', seal.id), 409, 'SIGNATURE_WAITING');
    refused(await sign('censor_reviewer', director.id), 403, 'SIGNATURE_NO_PROFILE');
    refused(await sign('censor_reviewer2', seal.id), 403, 'SIGNATURE_NO_PROFILE');
    const own = mine.find((task) => task.canSign)!;
    refused(await sign('censor_reviewer', own.id, 'wrong password'), 400, 'SIGNATURE_PASSWORD_WRONG');
    // Another agency, a unit, a made-up task: as if missing, or not theirs to sign at all.
    expect((await sign('censor2_admin', own.id)).statusCode).toBe(404);
    expect((await sign('construct_admin', own.id)).statusCode).toBe(403);
    expect((await sign('censor_reviewer', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    // Passwords cannot be tried at leisure with a session: they count with the sign-in failures, so
    // the fifth wrong one in a row (counted from the last sign-in) locks the account at this
    // address, the right one included; and the eleventh try in a minute is refused outright.
    const session = await t.signIn('censor_reviewer');
    const answers: string[] = [];
    for (let i = 0; i < 10; i++)
      answers.push(
        (
          await api.send('POST', '/api/signature/task/start', session, {
            actingOrg: org.censor,
            payload: { taskId: own.id, password: `guess ${i}` },
          })
        ).json<{ code: string }>().code,
      );
    expect(answers).toEqual([
      ...Array<string>(4).fill('SIGNATURE_PASSWORD_WRONG'),
      ...Array<string>(6).fill('ACCOUNT_LOCKED'),
    ]);
    refused(
      await api.send('POST', '/api/signature/task/start', session, {
        actingOrg: org.censor,
        payload: { taskId: own.id, password: PASSWORD },
      }),
      429,
      'RATE_LIMITED',
    );
    // Ten minutes later (here: the lock removed), the reviewer signs as before.
    await t.database.db.delete(signInFailures);
    // Nothing was signed by any of it: the stored file is the one compiled.
    expect((await fileOf()).row.fileSha256).toBe(before);
    // And the units do not see a report that was not issued to them, nor its signatures.
    expect(await documents('construct_admin')).toEqual([]);
  });

  it('signs in order, each signature an incremental update that every reader verifies, the seal covering the whole file', async () => {
    const [doc] = await documents('censor_admin');
    const second = new Set(
      (await documents('censor_reviewer2'))[0]!.tasks.filter((task) => task.canSign).map((task) => task.id),
    );
    expect(second.size).toBe(1);
    for (const task of doc!.tasks.filter((tk) => tk.role === 'REVIEWER')) {
      const user: User = second.has(task.id) ? 'censor_reviewer2' : 'censor_reviewer';
      const before = (await fileOf()).bytes;
      const after = detailOf<SigningDocument>(await sign(user, task.id));
      expect(after.tasks.find((x) => x.id === task.id)).toMatchObject({ status: 'SIGNED', canSign: false });
      // Incremental: the earlier bytes are the start of the new file.
      const now = (await fileOf()).bytes;
      expect(now.subarray(0, before.length).equals(before)).toBe(true);
      refused(await sign(user, task.id), 409, 'SIGNATURE_ALREADY_SIGNED');
    }
    // Every reviewer has signed: the agency's directors are asked (the demo agency has one).
    expect(await openRequests()).toEqual([ids.censor_director]);
    const ready = (await documents('censor_director'))[0]!;
    const director = ready.tasks.find((task) => task.role === 'DIRECTOR')!;
    expect(director).toMatchObject({ status: 'PENDING', canSign: true });
    detailOf(await sign('censor_director', director.id));
    // Then whoever may seal: the admins and the director.
    expect(await openRequests()).toEqual([ids.censor_admin, ids.censor_director].sort());
    const seal = (await documents('censor_admin'))[0]!.tasks.find((task) => task.role === 'AGENCY')!;
    const done = detailOf<SigningDocument>(await sign('censor_admin', seal.id));
    expect(done).toMatchObject({ complete: true, signed: done.total });
    expect(await openRequests()).toEqual([]);

    const { bytes } = await fileOf();
    const root = await platformRootDer(t.app.ctx);
    const checks = await pdfsig(bytes, [root]);
    expect(checks).toHaveLength(done.total);
    for (const check of checks) {
      expect(check.validation).toBe('Signature is Valid.');
      expect(check.certificate).toBe('Certificate is Trusted.');
    }
    expect(checks.map((c) => c.wholeDocument)).toEqual([...Array<boolean>(done.total - 1).fill(false), true]);
    expect(checks.at(-1)!.commonName).toMatch(/电子印章$/);
    expect(checks.at(-2)!.field).toBe('审核人签名');

    // The platform's own reading, as the signature detail shows it.
    const info = detailOf<{ document: SigningDocument; signatures: SignatureCheck[] }>(
      await api.send('GET', '/api/signature/task/getVerifyInfo', tokens.censor_reviewer, {
        actingOrg: org.censor,
        query: { projectId, documentId: report.id },
      }),
    );
    expect(info.signatures).toHaveLength(done.total);
    expect(info.signatures.every((s) => s.intact && s.trusted)).toBe(true);
    expect(info.signatures.map((s) => s.wholeFile)).toEqual([...Array<boolean>(done.total - 1).fill(false), true]);

    // The signing keys are kept encrypted: the stored value is not a key anyone can import.
    const stored = await t.database.db.select().from(signingIdentities);
    expect(stored.map((s) => s.kind).sort()).toEqual(['AGENCY', 'PERSON', 'PERSON', 'PERSON', 'ROOT']);
    for (const identity of stored)
      await expect(
        webcrypto.subtle.importKey(
          'pkcs8',
          Buffer.from(identity.privateKey, 'base64'),
          { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
          false,
          ['sign'],
        ),
      ).rejects.toThrow();
  });

  it('forwards once signed; the units then read the signed report; a presented copy is checked byte for byte', async () => {
    detailOf(
      await api.send('POST', `${project('censor_director')}/opinionReport/forward/${report.id}`, tokens.censor_director),
    );
    const [theirs] = await documents('construct_admin');
    expect(theirs).toMatchObject({ id: report.id, complete: true });
    expect(theirs!.tasks.every((task) => !task.canSign)).toBe(true);
    const tree = detailOf<{ kind: string; documents: number; complete: number }[]>(
      await api.send('GET', `${project('design_admin')}/docRepository/listSignatureTree`, tokens.design_admin),
    );
    expect(tree.find((f) => f.kind === 'REPORT')).toMatchObject({ documents: 1, complete: 1 });

    const { bytes } = await fileOf();
    const genuine = detailOf<SignatureVerification>(await verify('design_admin', bytes));
    expect(genuine.issued).toMatchObject({ kind: 'REPORT', name: report.reportNo });
    expect(genuine.signatures.every((s) => s.intact && s.trusted)).toBe(true);

    // One changed byte in the content: every signature breaks, and it is no longer the issued file.
    const altered = Buffer.from(bytes);
    const at = altered.indexOf('/Producer');
    altered[at + 2] = altered[at + 2]! ^ 0x20;
    const forged = detailOf<SignatureVerification>(await verify('design_admin', altered));
    expect(forged.issued).toBeNull();
    expect(forged.signatures.every((s) => !s.intact)).toBe(true);

    refused(await verify('design_admin', Buffer.from('not a pdf at all')), 400, 'SIGNATURE_FILE_INVALID');
    refused(await verify('design_admin', await drawingSet()), 400, 'SIGNATURE_FILE_UNSIGNED');
    expect((await t.app.inject({ method: 'POST', url: '/api/signature/task/verify' })).statusCode).toBe(401);
  });
});
