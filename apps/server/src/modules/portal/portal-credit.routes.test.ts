import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  CREDIT_LISTS,
  CREDIT_LIST_KEYS,
  creditCodeCheckChar,
  isValidCreditCode,
  type CreditEntry,
  type PortalHistoryEntry,
  type SaveCreditEntryRequest,
  type StaffCreditEntry,
} from '@drp/domain';
import { accounts } from '../../db/schema/accounts.js';
import { portalFiles } from '../../db/schema/portal.js';
import { DEMO_CREDIT_ENTRIES } from '../../db/seed/demo-credit-forum-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { PUBLIC_JSON_CACHE_CONTROL } from './portal-cache.js';

interface Page<T> {
  total: number;
  items: T[];
}

const code = (first17: string) => `${first17}${creditCodeCheckChar(first17)}`;
/** Credit codes no demo entry has, so searches find only this file's entries. */
const CODE_A = code('91430100MA4T8QT01');
const CODE_B = code('91430100MA4T8QT02');

function detailOf<T>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ detail: T }>().detail;
}

function refused(res: LightMyRequestResponse, status: number, errorCode: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ code: string }>().code, res.body).toBe(errorCode);
}

const entry = (overrides: Partial<SaveCreditEntryRequest> = {}): SaveCreditEntryRequest => ({
  kind: 'COMMENDATION',
  scope: 'PROVINCE',
  orgName: '湖南测试信用建筑设计有限公司',
  creditCode: CODE_A,
  reason: '施工图设计质量优良，予以通报表扬。',
  issuer: '湖南省住房和城乡建设厅',
  issuedOn: '2026-11-01',
  documentNo: '湘建设〔2026〕201号',
  ...overrides,
});

describe('portal credit information', () => {
  let t: TestApp;
  let staff: string;
  let admin: string;
  let designer: string;
  let staffAccountId: string;

  const publicList = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/portal/credit', query, headers });
  const publicPage = async (query: Record<string, string>) =>
    detailOf<Page<CreditEntry>>(await publicList(query));
  const staffCall = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token = staff,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const create = async (body: SaveCreditEntryRequest, token = staff) =>
    detailOf<StaffCreditEntry>(await staffCall('POST', '/api/info/portal/credit', token, body));
  const history = async (id: string) =>
    detailOf<PortalHistoryEntry[]>(await staffCall('GET', `/api/info/portal/credit/${id}/history`));

  /** A portal upload as the upload route leaves it: a stored file, claimed by nothing yet. */
  async function upload(accountId: string, purpose: 'ATTACHMENT' | 'COVER' = 'ATTACHMENT') {
    const [row] = await t.database.db
      .insert(portalFiles)
      .values({
        purpose,
        storageKey: `test/${randomUUID()}`,
        name: '通报表扬决定.pdf',
        contentType: 'application/pdf',
        size: 1234,
        sha256: 'a'.repeat(64),
        uploadedBy: accountId,
      })
      .returning();
    return row!;
  }
  const fileRow = async (id: string) =>
    (await t.database.db.select().from(portalFiles).where(eq(portalFiles.id, id)))[0]!;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await t.signIn('info_staff');
    admin = await t.signIn('sysadmin');
    designer = await t.signIn('design_admin');
    const [row] = await t.database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.username, 'info_staff'));
    staffAccountId = row!.id;
  });
  afterAll(() => t?.close());

  it('seeds demonstration entries in every list, marked as such, with valid credit codes', async () => {
    for (const list of CREDIT_LIST_KEYS) {
      const page = await publicPage({ list, pageSize: '50' });
      expect(page.total, list).toBeGreaterThanOrEqual(2);
      for (const item of page.items) {
        expect(item.orgName).toMatch(/（演示）$/);
        expect(item.reason).toMatch(/^【演示】/);
        expect(isValidCreditCode(item.creditCode!), item.creditCode!).toBe(true);
      }
    }
    expect(new Set(DEMO_CREDIT_ENTRIES.map((e) => e.orgName)).size).toBe(DEMO_CREDIT_ENTRIES.length);
  });

  it('answers each list with its scope and kind, newest decision first', async () => {
    for (const list of CREDIT_LIST_KEYS) {
      const { scope, kind } = CREDIT_LISTS[list];
      const page = await publicPage({ list, pageSize: '50' });
      const expected = DEMO_CREDIT_ENTRIES.filter((e) => e.scope === scope && (!kind || e.kind === kind));
      expect(page.total, list).toBe(expected.length);
      expect(
        page.items.every((i) => i.scope === scope && (!kind || i.kind === kind)),
        list,
      ).toBe(true);
      const dates = page.items.map((i) => i.issuedOn);
      expect(dates, list).toEqual([...dates].sort().reverse());
    }
    // The cities' and other provinces' lists hold commendations and bulletins together.
    const local = await publicPage({ list: 'localCommendation', pageSize: '50' });
    expect(new Set(local.items.map((i) => i.kind))).toEqual(new Set(['COMMENDATION', 'CRITICISM']));
    const paged = await publicPage({ list: 'commendationList', pageSize: '1', page: '1' });
    expect(paged.items).toHaveLength(1);
    refused(await publicList({ list: 'noSuchList' }), 400, 'VALIDATION_FAILED');
    refused(await publicList({}), 400, 'VALIDATION_FAILED');
  });

  it('lets staff add entries that the public finds by name or credit code and by date', async () => {
    const a = await create(entry());
    expect(a).toMatchObject({ orgName: '湖南测试信用建筑设计有限公司', creditCode: CODE_A, published: true });
    // A credit code typed in lower case is kept in upper case.
    const b = await create(
      entry({
        orgName: '湖南测试信用岩土工程有限公司',
        creditCode: CODE_B.toLowerCase(),
        issuedOn: '2026-03-10',
      }),
    );
    expect(b.creditCode).toBe(CODE_B);
    const byName = await publicPage({ list: 'commendationList', title: '测试信用' });
    expect(byName.items.map((i) => i.id)).toEqual([a.id, b.id]);
    const byCode = await publicPage({ list: 'commendationList', title: CODE_B.slice(8, 17) });
    expect(byCode.items.map((i) => i.id)).toEqual([b.id]);
    const inRange = await publicPage({
      list: 'commendationList',
      title: '测试信用',
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(inRange.items.map((i) => i.id)).toEqual([b.id]);
    const edges = await publicPage({
      list: 'commendationList',
      title: '测试信用',
      from: '2026-11-01',
      to: '2026-11-01',
    });
    expect(edges.items.map((i) => i.id)).toEqual([a.id]);
    // A bulletin of criticism is not a commendation.
    expect((await publicPage({ list: 'criticismList', title: '测试信用' })).total).toBe(0);
    // LIKE wildcards are taken literally.
    expect((await publicPage({ list: 'commendationList', title: '%' })).total).toBe(0);
  });

  it('refuses an invalid credit code or missing fields with a clear error', async () => {
    refused(
      await staffCall(
        'POST',
        '/api/info/portal/credit',
        staff,
        entry({ creditCode: `${CODE_A.slice(0, 17)}${CODE_A.endsWith('0') ? '1' : '0'}` }),
      ),
      400,
      'VALIDATION_FAILED',
    );
    refused(
      await staffCall('POST', '/api/info/portal/credit', staff, entry({ orgName: ' ' })),
      400,
      'VALIDATION_FAILED',
    );
    // No credit code at all is allowed: not every organisation named by another province has one known.
    const none = await create(entry({ orgName: '外省测试信用无代码单位', creditCode: null, scope: 'FIELD' }));
    expect(none.creditCode).toBeNull();
    expect((await publicPage({ list: 'fieldCommendation', title: '外省测试信用' })).items).toHaveLength(1);
  });

  it('keeps unpublished entries for staff only, and deleted ones from everyone', async () => {
    const draft = await create(entry({ orgName: '湖南测试信用待发布单位', published: false }));
    expect((await publicPage({ list: 'commendationList', title: '待发布' })).total).toBe(0);
    const staffPage = detailOf<Page<StaffCreditEntry>>(
      await staffCall('GET', '/api/info/portal/credit?title=%E5%BE%85%E5%8F%91%E5%B8%83'),
    );
    expect(staffPage.items.map((i) => [i.id, i.published])).toEqual([[draft.id, false]]);

    const published = detailOf<StaffCreditEntry>(
      await staffCall(
        'PUT',
        `/api/info/portal/credit/${draft.id}`,
        staff,
        entry({ orgName: '湖南测试信用待发布单位' }),
      ),
    );
    expect(published.published).toBe(true);
    expect((await publicPage({ list: 'commendationList', title: '待发布' })).total).toBe(1);

    // The system admin keeps the portal too.
    expect((await staffCall('DELETE', `/api/info/portal/credit/${draft.id}`, admin)).statusCode).toBe(200);
    expect((await publicPage({ list: 'commendationList', title: '待发布' })).total).toBe(0);
    const afterDelete = detailOf<Page<StaffCreditEntry>>(
      await staffCall('GET', '/api/info/portal/credit?title=%E5%BE%85%E5%8F%91%E5%B8%83'),
    );
    expect(afterDelete.total).toBe(0);
    refused(await staffCall('PUT', `/api/info/portal/credit/${draft.id}`, staff, entry()), 404, 'NOT_FOUND');
    refused(await staffCall('DELETE', `/api/info/portal/credit/${draft.id}`), 404, 'NOT_FOUND');
    // Staff filter by scope and kind.
    const criticisms = detailOf<Page<StaffCreditEntry>>(
      await staffCall('GET', '/api/info/portal/credit?scope=PROVINCE&kind=CRITICISM&pageSize=50'),
    );
    expect(criticisms.total).toBeGreaterThan(0);
    expect(criticisms.items.every((i) => i.scope === 'PROVINCE' && i.kind === 'CRITICISM')).toBe(true);
    // Other people are kept out.
    expect((await staffCall('GET', '/api/info/portal/credit', designer)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/info/portal/credit' })).statusCode).toBe(401);
  });

  it('answers public lists with an ETag and the portal’s Cache-Control, and 304 while nothing changed', async () => {
    const query = { list: 'criticismList' };
    const first = await publicList(query);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(PUBLIC_JSON_CACHE_CONTROL);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await publicList(query, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Another list, or a change to this one, is another representation.
    expect((await publicList({ list: 'commendationList' }, { 'if-none-match': etag })).statusCode).toBe(200);
    await create(entry({ kind: 'CRITICISM', orgName: '湖南测试信用批评单位' }));
    const changed = await publicList(query, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    // Staff answers are not marked cacheable.
    expect((await staffCall('GET', '/api/info/portal/credit')).headers['cache-control']).toBeUndefined();
  });

  it('links a decision document uploaded by the saver, and lets go of one replaced', async () => {
    const first = await upload(staffAccountId);
    const withDoc = await create(entry({ orgName: '湖南测试信用附件单位', documentId: first.id }));
    expect(withDoc.document).toMatchObject({ id: first.id, name: '通报表扬决定.pdf', size: 1234 });
    expect((await fileRow(first.id)).creditEntryId).toBe(withDoc.id);
    const shown = await publicPage({ list: 'commendationList', title: '附件单位' });
    expect(shown.items[0]!.document).toMatchObject({ id: first.id, url: `/api/portal/files/${first.id}` });

    // Kept when named again; replaced by a new upload, the old one is unclaimed again.
    const kept = detailOf<StaffCreditEntry>(
      await staffCall(
        'PUT',
        `/api/info/portal/credit/${withDoc.id}`,
        staff,
        entry({ orgName: '湖南测试信用附件单位', documentId: first.id }),
      ),
    );
    expect(kept.document?.id).toBe(first.id);
    const second = await upload(staffAccountId);
    const replaced = detailOf<StaffCreditEntry>(
      await staffCall(
        'PUT',
        `/api/info/portal/credit/${withDoc.id}`,
        staff,
        entry({ orgName: '湖南测试信用附件单位', documentId: second.id }),
      ),
    );
    expect(replaced.document?.id).toBe(second.id);
    expect((await fileRow(first.id)).creditEntryId).toBeNull();

    // Another entry cannot take a claimed document, nor someone else's upload, a cover or a made-up id.
    const others = [
      second.id,
      (
        await upload(
          (await t.database.db.select().from(accounts).where(eq(accounts.username, 'sysadmin')))[0]!.id,
        )
      ).id,
      (await upload(staffAccountId, 'COVER')).id,
      randomUUID(),
    ];
    for (const documentId of others)
      refused(
        await staffCall('POST', '/api/info/portal/credit', staff, entry({ documentId })),
        400,
        'CREDIT_DOCUMENT_INVALID',
      );

    // Dropped: no document.
    const dropped = detailOf<StaffCreditEntry>(
      await staffCall('PUT', `/api/info/portal/credit/${withDoc.id}`, staff, entry({ documentId: null })),
    );
    expect(dropped.document).toBeNull();
    expect((await fileRow(second.id)).creditEntryId).toBeNull();
  });

  it('serves the document of a published entry to the public, uploaded through the portal upload route', async () => {
    const pdf = Buffer.from(
      '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const boundary = '----drp-credit-test';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nATTACHMENT\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="通报批评决定.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = detailOf<{ id: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/info/portal/uploads',
        headers: {
          authorization: `Bearer ${staff}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      }),
    );
    const saved = await create(
      entry({ kind: 'CRITICISM', orgName: '湖南测试信用文件单位', documentId: uploaded.id }),
    );
    const [shown] = (await publicPage({ list: 'criticismList', title: '文件单位' })).items;
    expect(shown!.document).toMatchObject({ name: '通报批评决定.pdf', contentType: 'application/pdf' });
    const download = await t.app.inject({ method: 'GET', url: shown!.document!.url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    // Unpublished, its document is no longer the public's.
    await staffCall(
      'PUT',
      `/api/info/portal/credit/${saved.id}`,
      staff,
      entry({
        kind: 'CRITICISM',
        orgName: '湖南测试信用文件单位',
        documentId: uploaded.id,
        published: false,
      }),
    );
    expect((await t.app.inject({ method: 'GET', url: shown!.document!.url })).statusCode).toBe(404);
  });

  it("records an entry's history: who added, changed and deleted it, and what changed", async () => {
    const created = await create(entry({ orgName: '湖南测试信用历史单位' }));
    t.advance(1000);
    await staffCall(
      'PUT',
      `/api/info/portal/credit/${created.id}`,
      admin,
      entry({ orgName: '湖南测试信用历史单位', reason: '改正后的表扬理由。' }),
    );
    t.advance(1000);
    await staffCall('DELETE', `/api/info/portal/credit/${created.id}`);
    const events = await history(created.id);
    expect(events.map((e) => [e.action, e.actorName])).toEqual([
      ['CREDIT_ENTRY_DELETED', '郭丽'],
      ['CREDIT_ENTRY_UPDATED', '系统管理员'],
      ['CREDIT_ENTRY_CREATED', '郭丽'],
    ]);
    expect(events[1]!.detail).toEqual({
      before: { reason: '施工图设计质量优良，予以通报表扬。' },
      after: { reason: '改正后的表扬理由。' },
    });
    expect(events[2]!.detail).toMatchObject({ after: { orgName: '湖南测试信用历史单位', published: true } });
    refused(await staffCall('GET', `/api/info/portal/credit/${randomUUID()}/history`), 404, 'NOT_FOUND');
  });
});
