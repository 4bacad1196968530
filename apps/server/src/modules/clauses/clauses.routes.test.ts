import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type {
  ClauseImportResult,
  ClausePage,
  ClauseVersionWithStandard,
  Dictionary,
  Standard,
  StandardClauses,
  StandardList,
} from '@drp/domain';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { AppError } from '../../lib/app-error.js';
import { assertClauseUsable } from './clauses.service.js';

function detailOf<T>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ detail: T }>().detail;
}

const HEADER = 'number,title,titleEn,specialty,mandatory,text';

/** The clause library: seeded from the mandatoryTerm dictionary, searched, maintained by the system admin. */
describe('clause library', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = (
    user: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
    contentType?: string,
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${tokens[user]}`,
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      ...(body === undefined
        ? {}
        : typeof body === 'string'
          ? { payload: body }
          : { payload: body as object }),
    });
  const search = async (user: string, query: string) =>
    detailOf<ClausePage>(await call(user, 'GET', `/api/checkDrawings/clauses/search?${query}`));
  const importCsv = (id: string, csv: string, user = 'sysadmin') =>
    call(user, 'POST', `/api/admin/standards/${id}/clauses/import`, csv, 'text/csv');
  const clausesOf = async (id: string) =>
    detailOf<StandardClauses>(await call('sysadmin', 'GET', `/api/admin/standards/${id}/clauses`));
  const addStandard = async (code: string) =>
    detailOf<Standard>(
      await call('sysadmin', 'POST', '/api/admin/standards', {
        code,
        name: '测试通用规范',
        nameEn: 'Test general code',
        kind: 'GENERAL_CODE',
        issuedOn: '2024-01-01',
      }),
    );

  beforeAll(async () => {
    t = await createTestApp();
    for (const user of ['sysadmin', 'censor_admin', 'design_admin']) tokens[user] = await t.signIn(user);
  });
  afterAll(() => t?.close());

  it('holds the general codes of the mandatoryTerm dictionary, energy saving as GB 55015', async () => {
    const standards = detailOf<StandardList>(await call('sysadmin', 'GET', '/api/admin/standards')).items;
    const energy = standards.find((s) => s.code === 'GB 55015-2021');
    expect(energy).toMatchObject({
      kind: 'GENERAL_CODE',
      status: 'ACTIVE',
      name: '建筑节能与可再生能源利用通用规范',
    });
    expect(energy!.clauseCount).toBeGreaterThan(0);
    expect(standards.length).toBeGreaterThanOrEqual(14);
    // The legacy dictionary still answers every seeded clause in its shape, now from the table.
    const dictionary = detailOf<Dictionary>(
      await call('design_admin', 'GET', '/api/checkDrawings/cdDictionary/mandatoryTerm'),
    );
    expect(dictionary.items.length).toBe(t.app.ctx.dictionaries.mandatoryTerm.items.length);
    expect(dictionary.items.find((i) => i.code === 'GB55001-2021-2.2.1')).toMatchObject({
      name: 'GB 55001-2021 第2.2.1条',
      standardName: '工程结构通用规范',
      specialty: 'STRUCTURE',
    });
  });

  it('finds clauses by standard code and number, and by Chinese words', async () => {
    const byNumber = await search('censor_admin', 'q=GB55001%202.2.1');
    expect(byNumber.items.map((c) => `${c.standard.code} ${c.number}`)).toEqual(['GB 55001-2021 2.2.1']);
    const byWords = await search('censor_admin', `q=${encodeURIComponent('耐久性')}`);
    expect(byWords.total).toBeGreaterThan(0);
    for (const clause of byWords.items) expect(clause.title).toContain('耐久性');
    const energy = await search('design_admin', `q=${encodeURIComponent('gb 55015')}&size=100`);
    expect(energy.total).toBeGreaterThan(0);
    expect(new Set(energy.items.map((c) => c.standard.code))).toEqual(new Set(['GB 55015-2021']));
    // The answer carries version ids an opinion can keep.
    const version = detailOf<ClauseVersionWithStandard>(
      await call('design_admin', 'GET', `/api/checkDrawings/clauses/versions/${byNumber.items[0]!.id}`),
    );
    expect(version).toMatchObject({ number: '2.2.1', version: 1, current: true, mandatory: true });
  });

  it('imports a CSV, and a changed text makes a new version while the old one stays readable', async () => {
    const standard = await addStandard('GB 55099-2024');
    const first = `${HEADER}\n1.0.1,为保障工程质量制定本规范,This code ensures quality,STRUCTURE,true,"为保障工程质量，制定本规范。"\n1.0.2,适用范围,Scope,ARCHITECTURE,否,\n`;
    expect(detailOf<ClauseImportResult>(await importCsv(standard.id, first))).toEqual({
      created: 2,
      revised: 0,
      unchanged: 0,
    });
    const before = await clausesOf(standard.id);
    expect(before.items.map((c) => [c.number, c.mandatory, c.text])).toEqual([
      ['1.0.1', true, '为保障工程质量，制定本规范。'],
      ['1.0.2', false, null],
    ]);
    const oldId = before.items[0]!.id;

    const second = `\uFEFF${HEADER}\r\n1.0.1,为保障工程质量制定本规范,This code ensures quality,STRUCTURE,true,"为保障工程质量和安全，制定本规范。"\r\n1.0.2,适用范围,Scope,ARCHITECTURE,false,\r\n`;
    expect(detailOf<ClauseImportResult>(await importCsv(standard.id, second))).toEqual({
      created: 0,
      revised: 1,
      unchanged: 1,
    });
    const after = await clausesOf(standard.id);
    const revised = after.items[0]!;
    expect(revised).toMatchObject({ version: 2, text: '为保障工程质量和安全，制定本规范。', current: true });
    expect(revised.versions.map((v) => v.version)).toEqual([2, 1]);
    const old = detailOf<ClauseVersionWithStandard>(
      await call('censor_admin', 'GET', `/api/checkDrawings/clauses/versions/${oldId}`),
    );
    expect(old).toMatchObject({ version: 1, current: false, text: '为保障工程质量，制定本规范。' });
    // Search answers the current version only.
    const found = await search('censor_admin', `standardId=${standard.id}&q=1.0.1`);
    expect(found.items.map((c) => c.id)).toEqual([revised.id]);
  });

  it('refuses a file with a bad row whole, naming the rows, and changes nothing', async () => {
    const standard = await addStandard('GB 55098-2024');
    await importCsv(standard.id, `${HEADER}\n2.0.1,原有条文,Existing clause,STRUCTURE,true,原文\n`);
    const bad = `${HEADER}\n2.0.1,原有条文,Existing clause,STRUCTURE,true,改过的原文\n2.0.2,新条文,New clause,NO_SUCH,true,\n2.0.3,另一条,Another,STRUCTURE,也许,\n`;
    const res = await importCsv(standard.id, bad);
    expect(res.statusCode).toBe(400);
    const body = res.json<{
      code: string;
      message: string;
      detail: { problems: { row: number; code: string }[] };
    }>();
    expect(body.code).toBe('CLAUSE_IMPORT_INVALID');
    expect(body.message).toContain('第3行');
    expect(body.message).toContain('第4行');
    expect(body.detail.problems.map((p) => [p.row, p.code])).toEqual([
      [3, 'SPECIALTY'],
      [4, 'MANDATORY'],
    ]);
    const english = await t.app.inject({
      method: 'POST',
      url: `/api/admin/standards/${standard.id}/clauses/import`,
      headers: {
        authorization: `Bearer ${tokens.sysadmin}`,
        'content-type': 'text/csv',
        'accept-language': 'en-US',
      },
      payload: bad,
    });
    expect(english.json<{ message: string }>().message).toContain(
      'row 3: Specialty code "NO_SUCH" does not exist',
    );
    const after = await clausesOf(standard.id);
    expect(after.items.map((c) => [c.number, c.version, c.text])).toEqual([['2.0.1', 1, '原文']]);
  });

  it('refuses a file over the size limit before reading it', async () => {
    const standard = await addStandard('GB 55096-2024');
    const row = `1.0.1,${'很长的标题'.repeat(20)},Long,STRUCTURE,true,\n`;
    const res = await importCsv(
      standard.id,
      `${HEADER}\n${row.repeat(Math.ceil((2.5 * 1024 * 1024) / row.length))}`,
    );
    expect(res.statusCode).toBe(413);
    expect((await clausesOf(standard.id)).items).toEqual([]);
  });

  it('keeps a withdrawn standard readable but refuses its clauses for new opinions', async () => {
    const standard = await addStandard('GB 55097-2024');
    const replacement = await addStandard('GB 55097-2025');
    await importCsv(standard.id, `${HEADER}\n3.0.1,将废止的条文,Clause to be withdrawn,STRUCTURE,true,\n`);
    const [clause] = (await clausesOf(standard.id)).items;
    const withdrawn = detailOf<Standard>(
      await call('sysadmin', 'PUT', `/api/admin/standards/${standard.id}`, {
        name: '测试通用规范',
        nameEn: 'Test general code',
        kind: 'GENERAL_CODE',
        status: 'WITHDRAWN',
        withdrawnOn: '2025-06-01',
        replacedBy: replacement.id,
      }),
    );
    expect(withdrawn).toMatchObject({
      status: 'WITHDRAWN',
      withdrawnOn: '2025-06-01',
      replacedBy: replacement.id,
    });

    await expect(assertClauseUsable(t.app.ctx.db, clause!.id)).rejects.toMatchObject(
      new AppError('CLAUSE_STANDARD_WITHDRAWN', { code: 'GB 55097-2024', date: '2025-06-01' }),
    );
    const usable = await assertClauseUsable(
      t.app.ctx.db,
      (await search('sysadmin', 'q=GB55001%202.2.1')).items[0]!.id,
    );
    expect(usable.standard.code).toBe('GB 55001-2021');
    // Still readable by its version id; left out of searches unless asked for.
    expect(
      detailOf<ClauseVersionWithStandard>(
        await call('censor_admin', 'GET', `/api/checkDrawings/clauses/versions/${clause!.id}`),
      ).standard.status,
    ).toBe('WITHDRAWN');
    expect((await search('censor_admin', 'q=GB55097-2024')).total).toBe(0);
    expect((await search('censor_admin', 'q=GB55097-2024&withdrawn=true')).total).toBe(1);
    // A withdrawn standard takes no more clauses.
    expect(
      (await importCsv(standard.id, `${HEADER}\n3.0.2,x,x,STRUCTURE,true,\n`)).json<{ code: string }>().code,
    ).toBe('CLAUSE_STANDARD_WITHDRAWN');
  });

  it('refuses a second standard with the same code, spaces aside', async () => {
    const res = await call('sysadmin', 'POST', '/api/admin/standards', {
      code: 'GB55001-2021',
      name: '重复',
      nameEn: 'Duplicate',
      kind: 'GENERAL_CODE',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ code: string }>().code).toBe('STANDARD_CODE_TAKEN');
  });

  it('lets nobody but the system admin maintain the library', async () => {
    const [some] = detailOf<StandardList>(await call('sysadmin', 'GET', '/api/admin/standards')).items;
    for (const user of ['censor_admin', 'design_admin']) {
      expect((await call(user, 'GET', '/api/admin/standards')).statusCode).toBe(403);
      const res = await importCsv(some!.id, `${HEADER}\n9.9.9,x,x,STRUCTURE,true,\n`, user);
      expect(res.statusCode).toBe(403);
    }
    expect((await clausesOf(some!.id)).items.some((c) => c.number === '9.9.9')).toBe(false);
  });
});
