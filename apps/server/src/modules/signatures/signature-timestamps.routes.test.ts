import { readdir } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORG_HEADER,
  type OpinionReportSummary,
  type SigningDocument,
  type SigningDocumentPage,
} from '@drp/domain';
import { auditEvents } from '../../db/schema/audit.js';
import { opinionReports } from '../../db/schema/reports.js';
import { pdfTimestamps } from '../../test/pdf-timestamps.js';
import { pdfsig } from '../../test/pdfsig.js';
import { accountIdOf, demoOrgIds, detailOf, projectApi } from '../../test/project-fixture.js';
import { reviewedApplication, signReportCompletely } from '../../test/review-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { startTestTsa, type TestTsa, type TsaBehaviour } from '../../test/test-tsa.js';
import { checkPdfSignatures } from './check-pdf-signatures.js';
import { platformRootDer } from './signing-identities.service.js';

const USERS = [
  'construct_admin',
  'design_admin',
  'survey_admin',
  'censor_admin',
  'censor_director',
  'censor_reviewer',
  'censor_reviewer2',
] as const;
type User = (typeof USERS)[number];

describe('signatures with TSA_URL set: every signature stamped (PAdES B-T), a failing TSA failing the signing', () => {
  let tsa: TestTsa;
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens = {} as Record<User, string>;
  const ids = {} as Record<User, string>;
  let projectId: string;
  let report: OpinionReportSummary;

  const fileOf = async () => {
    const [row] = await t.database.db.select().from(opinionReports).where(eq(opinionReports.id, report.id));
    return { row: row!, bytes: (await t.app.ctx.files.read(row!.fileKey!))! };
  };
  const documentOf = async () =>
    detailOf<SigningDocumentPage>(
      await api.send(
        'GET',
        `/api/checkDrawings/${org.censor}/${projectId}/docRepository/querySignatureFile`,
        tokens.censor_admin,
      ),
    ).items.find((d) => d.id === report.id)!;
  const signedEvents = () =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'SIGNATURE_SIGNED'), eq(auditEvents.targetId, projectId)));
  /** Every file in the store: a signing that fails must leave none behind. */
  const storedFiles = async () => {
    const store = t.config.fileStore;
    if (store.driver !== 'local') throw new Error('the test app keeps its files on disk');
    return (await readdir(store.root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile())
      .length;
  };

  beforeAll(async () => {
    tsa = await startTestTsa();
    t = await createTestApp({ env: { TSA_URL: tsa.url } });
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    for (const user of USERS) {
      tokens[user] = await t.signIn(user);
      ids[user] = await accountIdOf(t.database.db, user);
    }
    projectId = await reviewedApplication(t, { tokens, ids, org, name: '湘江新区时间戳测试公寓' });
    report = detailOf<OpinionReportSummary>(
      await api.send(
        'POST',
        `/api/checkDrawings/${org.censor}/${projectId}/opinionReport/compile`,
        tokens.censor_director,
      ),
    );
    await t.app.jobs.drain();
  });
  afterAll(async () => {
    await t?.close();
    await tsa?.close();
  });

  it.each<TsaBehaviour>(['http-500', 'garbage', 'wrong-nonce'])(
    'a TSA answering %s fails the signing with SIGNATURE_TIMESTAMP_FAILED and leaves the document as it was',
    async (behaviour) => {
      tsa.behaviour = behaviour;
      // A reviewer's own signature: the first a report asks for.
      const task = detailOf<SigningDocumentPage>(
        await api.send(
          'GET',
          `/api/checkDrawings/${org.censor}/${projectId}/docRepository/querySignatureFile`,
          tokens.censor_reviewer,
        ),
      ).items[0]!.tasks.find((x) => x.canSign)!;
      const before = { file: (await fileOf()).row, stored: await storedFiles(), asked: tsa.requests.length };

      const sign = (language: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/signature/task/start',
          headers: {
            authorization: `Bearer ${tokens.censor_reviewer}`,
            [ORG_HEADER]: org.censor!,
            'accept-language': language,
          },
          payload: { taskId: task.id, password: 'Demo@2026' },
        });
      const res = await sign('zh-CN');
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({
        code: 'SIGNATURE_TIMESTAMP_FAILED',
        message: '时间戳服务不可用，签章未完成，请稍后重试',
      });
      expect((await sign('en-US')).json<{ message: string }>().message).toBe(
        'The timestamp service is unavailable; nothing was signed. Please try again later',
      );

      // The TSA was asked, and nothing of the signature stayed: not the file, the task, the audit.
      expect(tsa.requests.length).toBe(before.asked + 2);
      const after = (await fileOf()).row;
      expect([after.fileKey, after.fileSha256]).toEqual([before.file.fileKey, before.file.fileSha256]);
      expect(await storedFiles()).toBe(before.stored);
      expect((await documentOf()).tasks.find((x) => x.id === task.id)).toMatchObject({ status: 'PENDING' });
      expect(await signedEvents()).toEqual([]);
    },
  );

  it('with the TSA answering, signs in order; every signature valid, trusted and carrying a token over its own value', async () => {
    tsa.behaviour = 'grant';
    const asked = tsa.requests.length;
    await signReportCompletely(t, {
      org,
      projectId,
      reportId: report.id,
      director: tokens.censor_director,
      admin: tokens.censor_admin,
      reviewers: {
        [ids.censor_reviewer]: tokens.censor_reviewer,
        [ids.censor_reviewer2]: tokens.censor_reviewer2,
      },
    });
    const done: SigningDocument = await documentOf();
    expect(done).toMatchObject({ complete: true, signed: done.total });
    expect(tsa.requests.length - asked).toBe(done.total);

    const { bytes } = await fileOf();
    const checks = await pdfsig(bytes, [await platformRootDer(t.app.ctx)]);
    expect(checks).toHaveLength(done.total);
    for (const check of checks) {
      // Once seen as 'Unknown Validation Failure.' on a loaded machine: the whole answer says more.
      expect(check.validation, JSON.stringify(check)).toBe('Signature is Valid.');
      expect(check.certificate).toBe('Certificate is Trusted.');
    }
    expect(checks.at(-1)!.wholeDocument).toBe(true);

    const stamps = await pdfTimestamps(bytes, [tsa.rootDer]);
    expect(stamps).toHaveLength(done.total);
    for (const stamp of stamps) {
      expect(stamp).toMatchObject({ coversSignature: true, trusted: true, tsa: '某省可信时间戳服务' });
      expect(stamp!.openssl).toBe('Verification: OK');
    }
    // The platform's own check (the signature screens, the public verification) reads them too.
    const own = await checkPdfSignatures(bytes, [await platformRootDer(t.app.ctx)]);
    expect(own).toHaveLength(done.total);
    for (const check of own) {
      expect(check.timestamp).toMatchObject({ authority: '某省可信时间戳服务', intact: true });
      expect(check.timestamp!.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
    }
  });
});
