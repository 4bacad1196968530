import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  MissionAssignCell,
  MissionDetail,
  MissionGrid,
  Opinion,
  OpinionDetail,
  OpinionPage,
  OpinionPhrase,
  OpinionPhraseList,
  OpinionWriteRequest,
} from '@drp/domain';
import { members } from '../../db/schema/accounts.js';
import { clauses, clauseVersions, standards } from '../../db/schema/clauses.js';
import { markups } from '../../db/schema/markups.js';
import { accountIdOf, demoOrgIds, detailOf, projectApi } from '../../test/project-fixture.js';
import { acceptedApplication } from '../../test/review-fixture.js';
import { prepareSheetsNow } from '../../test/sheet-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

function refused(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ code: string }>().code, res.body).toBe(code);
  return res.json<{ message: string }>().message;
}

function created<T>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ detail: T }>().detail;
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

describe('review opinions: the three kinds, drafts, what is refused, the check and the phrase lists', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let org: Record<string, string>;
  const tokens = {} as Record<User, string>;
  const ids = {} as Record<User, string>;
  let projectId: string;
  let otherProjectId: string;
  let sheetFileId: string;
  let otherFileId: string;
  let markupId: string;
  let otherPageMarkupId: string;
  const missionOf = {} as Record<'STRUCTURE' | 'ENERGY_SAVING' | 'SURVEY' | 'ARCHITECTURE', string>;
  const clause = {} as Record<'mandatory' | 'plain' | 'withdrawn', string>;

  const orgOf = (user: User) => (user.startsWith('censor2') ? org.censor2! : org.censor!);
  const base = (user: User, project = projectId) => `/api/checkDrawings/${orgOf(user)}/${project}/opinions`;
  const phrases = (user: User) => `/api/checkDrawings/${orgOf(user)}/opinionPhrases`;
  const list = async (user: User, query: Record<string, string>) =>
    detailOf<OpinionPage>(await api.send('GET', base(user), tokens[user], { query }));
  const record = (user: User, payload: Partial<OpinionWriteRequest> & Record<string, unknown>) =>
    api.send('POST', base(user), tokens[user], { payload });
  const save = (user: User, id: string, payload: OpinionWriteRequest) =>
    api.send('PUT', `${base(user)}/${id}`, tokens[user], { payload });
  const detail = async (user: User, id: string) =>
    detailOf<OpinionDetail>(await api.send('GET', `${base(user)}/${id}`, tokens[user]));
  const missionBase = (user: User) => `/api/checkDrawings/${orgOf(user)}/${projectId}/missions`;
  const step = (user: User, id: string, name: 'submit' | 'accept') =>
    api.send('POST', `${missionBase(user)}/${id}/${name}`, tokens[user]);
  const mission = async (user: User, id: string) =>
    detailOf<MissionDetail>(await api.send('GET', `${missionBase(user)}/${id}`, tokens[user]));
  const structure = (over: Partial<OpinionWriteRequest> = {}): OpinionWriteRequest => ({
    missionId: missionOf.STRUCTURE,
    opinionType: 'STRUCTURAL_SAFETY',
    text: '框架柱轴压比超限，请复核',
    sheet: { fileId: sheetFileId, page: 0, markupId },
    ...over,
  });

  const accepted = (name: string) => acceptedApplication(t, { tokens, org, name });

  beforeAll(async () => {
    t = await createTestApp();
    api = projectApi(t);
    org = await demoOrgIds(t.database.db);
    for (const user of USERS) {
      tokens[user] = await t.signIn(user);
      ids[user] = await accountIdOf(t.database.db, user);
    }
    const db = t.database.db;
    const specialties = async (user: User, list: string[]) =>
      db.update(members).set({ specialties: list }).where(eq(members.accountId, ids[user]));
    await specialties('censor_reviewer', ['ARCHITECTURE', 'STRUCTURE', 'ENERGY_SAVING']);
    await specialties('censor_reviewer2', ['STRUCTURE', 'SURVEY']);
    const first = await accepted('湘江新区审查意见测试公寓');
    projectId = first.id;
    sheetFileId = first.fileId;
    const other = await accepted('湘江新区审查意见测试二期');
    otherProjectId = other.id;
    otherFileId = other.fileId;
    await prepareSheetsNow(t.app);

    // The director assigns: structure to reviewer 1 checked by reviewer 2, energy and architecture
    // to reviewer 1 checked by the director, the survey to reviewer 2.
    const cell = (specialty: string, reviewer: User, checker: User | null): MissionAssignCell => ({
      buildingId: first.buildingId,
      specialty,
      reviewerAccountId: ids[reviewer],
      checkerAccountId: checker ? ids[checker] : null,
      deadline: null,
      revision: 0,
    });
    const grid = detailOf<MissionGrid>(
      await api.send('PUT', missionBase('censor_director'), tokens.censor_director, {
        payload: {
          cells: [
            cell('STRUCTURE', 'censor_reviewer', 'censor_reviewer2'),
            cell('ENERGY_SAVING', 'censor_reviewer', 'censor_director'),
            cell('ARCHITECTURE', 'censor_reviewer', 'censor_director'),
            cell('SURVEY', 'censor_reviewer2', 'censor_director'),
          ],
        },
      }),
    );
    for (const c of grid.cells)
      if (c.missionId && c.specialty in { STRUCTURE: 1, ENERGY_SAVING: 1, SURVEY: 1, ARCHITECTURE: 1 })
        missionOf[c.specialty as keyof typeof missionOf] = c.missionId;

    // Markups of reviewer 1 on the drawing set: one on page 1, one on page 2.
    const markup = async (page: number) => {
      const [row] = await db
        .insert(markups)
        .values({
          fileId: sheetFileId,
          versionId: first.versionId,
          projectId,
          page,
          kind: 'RECT',
          points: [
            [100, 100],
            [300, 200],
          ],
          color: '#ff0000',
          strokeWidth: 2,
          authorAccountId: ids.censor_reviewer,
          authorOrgId: org.censor!,
        })
        .returning();
      return row!.id;
    };
    markupId = await markup(0);
    otherPageMarkupId = await markup(1);

    // Clauses: a mandatory one of the seeded library, a plain one and one of a withdrawn standard.
    const [mandatory] = await db
      .select({ id: clauseVersions.id })
      .from(clauseVersions)
      .where(and(eq(clauseVersions.mandatory, true), eq(clauseVersions.current, true)))
      .limit(1);
    clause.mandatory = mandatory!.id;
    const standard = async (code: string, status: 'ACTIVE' | 'WITHDRAWN', isMandatory: boolean) => {
      const [s] = await db
        .insert(standards)
        .values({
          code,
          codeKey: code.replace(/\s+/g, ''),
          name: '测试标准',
          nameEn: 'Test standard',
          kind: 'NATIONAL',
          status,
          withdrawnOn: status === 'WITHDRAWN' ? '2020-01-01' : null,
        })
        .returning();
      const [c] = await db.insert(clauses).values({ standardId: s!.id, number: '3.1.1' }).returning();
      const [v] = await db
        .insert(clauseVersions)
        .values({
          clauseId: c!.id,
          version: 1,
          title: '柱的轴压比',
          titleEn: 'Axial compression ratio',
          specialty: 'STRUCTURE',
          mandatory: isMandatory,
        })
        .returning();
      return v!.id;
    };
    clause.plain = await standard('GB 59001-2020', 'ACTIVE', false);
    clause.withdrawn = await standard('GB 59002-2001', 'WITHDRAWN', true);
  });
  afterAll(() => t.close());

  it('records an opinion of each kind under the reviewer’s missions, numbered per mission, 强条 first', async () => {
    const plain = created<Opinion>(await record('censor_reviewer', structure()));
    expect(plain).toMatchObject({
      kind: 'CONSTRUCTION',
      number: 1,
      specialty: 'STRUCTURE',
      status: 'RECORDED',
      mandatory: false,
      clause: null,
      sheet: { fileId: sheetFileId, page: 0, markupId, fileName: 'S-101 结构平面.pdf' },
      reviewer: { accountId: ids.censor_reviewer },
      can: { edit: true, delete: true, return: false },
    });
    const strong = created<Opinion>(
      await record(
        'censor_reviewer',
        structure({
          opinionType: 'MANDATORY_STANDARD',
          clauseVersionId: clause.mandatory,
          text: '违反强条',
          sheet: null,
        }),
      ),
    );
    expect(strong).toMatchObject({
      number: 2,
      mandatory: true,
      clause: { id: clause.mandatory, mandatory: true },
    });
    const energy = created<Opinion>(
      await record('censor_reviewer', {
        missionId: missionOf.ENERGY_SAVING,
        opinionType: 'ENERGY_GREEN',
        energyKey: 'SUPPLEMENT',
        text: '外墙传热系数计算书缺失',
      }),
    );
    expect(energy).toMatchObject({ kind: 'ENERGY', number: 1, energyKey: 'SUPPLEMENT' });
    const survey = created<Opinion>(
      await record('censor_reviewer2', {
        missionId: missionOf.SURVEY,
        opinionType: 'STRUCTURAL_SAFETY',
        text: '钻孔深度不足',
      }),
    );
    expect(survey).toMatchObject({
      kind: 'SURVEY',
      number: 1,
      reviewer: { accountId: ids.censor_reviewer2 },
    });

    const drawings = await list('censor_director', { kind: 'CONSTRUCTION' });
    expect(drawings.items.map((o) => o.id)).toEqual([strong.id, plain.id]);
    expect(drawings).toMatchObject({ total: 2, mandatoryCount: 1, round: { number: 1 } });
    // The director holds no mission: nothing to write into; the checker may not edit before the submit.
    expect(drawings.writableMissions).toEqual([]);
    expect(drawings.items.every((o) => !o.can.edit && !o.can.return)).toBe(true);
    const mine = await list('censor_reviewer', { kind: 'CONSTRUCTION' });
    expect(mine.writableMissions.map((m) => m.specialty).sort()).toEqual(['ARCHITECTURE', 'STRUCTURE']);
    expect((await list('censor_reviewer', { kind: 'ENERGY' })).items.map((o) => o.id)).toEqual([energy.id]);
    expect((await list('censor_reviewer', { kind: 'SURVEY' })).writableMissions).toEqual([]);
    expect((await list('censor_reviewer2', { kind: 'SURVEY' })).writableMissions.map((m) => m.id)).toEqual([
      missionOf.SURVEY,
    ]);
    expect((await list('censor_admin', { kind: 'CONSTRUCTION', mandatoryOnly: 'true' })).items).toHaveLength(
      1,
    );
    expect(
      (await list('censor_admin', { kind: 'CONSTRUCTION', keyword: '轴压比' })).items.map((o) => o.id),
    ).toEqual([plain.id]);
    expect((await detail('censor_admin', plain.id)).history.map((h) => h.event)).toEqual(['CREATE']);
  });

  it('keeps drafts for their reviewer alone, and a mission with one cannot be submitted', async () => {
    const draft = created<Opinion>(
      await record('censor_reviewer', {
        missionId: missionOf.ARCHITECTURE,
        opinionType: 'FIRE_SAFETY',
        text: '疏散宽度待核',
        draft: true,
      }),
    );
    expect(draft.status).toBe('DRAFT');
    expect(
      (await list('censor_reviewer', { kind: 'CONSTRUCTION', status: 'DRAFT' })).items.map((o) => o.id),
    ).toEqual([draft.id]);
    expect((await list('censor_director', { kind: 'CONSTRUCTION' })).items.map((o) => o.id)).not.toContain(
      draft.id,
    );
    refused(
      await api.send('GET', `${base('censor_director')}/${draft.id}`, tokens.censor_director),
      404,
      'NOT_FOUND',
    );
    const message = refused(
      await step('censor_reviewer', missionOf.ARCHITECTURE, 'submit'),
      409,
      'MISSION_HAS_DRAFT_OPINIONS',
    );
    expect(message).toContain('1条草稿');
    // Recording it makes it the mission's; deleting a draft leaves nothing behind.
    const recorded = detailOf<Opinion>(
      await save('censor_reviewer', draft.id, {
        missionId: missionOf.ARCHITECTURE,
        opinionType: 'FIRE_SAFETY',
        text: '疏散宽度不足',
      }),
    );
    expect(recorded.status).toBe('RECORDED');
    const other = created<Opinion>(
      await record('censor_reviewer', {
        missionId: missionOf.ARCHITECTURE,
        opinionType: 'FIRE_SAFETY',
        text: '草稿',
        draft: true,
      }),
    );
    expect(other.number).toBe(2);
    const gone = await api.send('DELETE', `${base('censor_reviewer')}/${other.id}`, tokens.censor_reviewer);
    expect(gone.statusCode, gone.body).toBe(204);
    refused(
      await api.send('GET', `${base('censor_reviewer')}/${other.id}`, tokens.censor_reviewer),
      404,
      'NOT_FOUND',
    );
  });

  it('refuses every bad input with its own message', async () => {
    const r = (payload: Record<string, unknown>) => record('censor_reviewer', payload);
    expect(refused(await r({ ...structure(), text: '   ' }), 400, 'VALIDATION_FAILED')).toContain('text');
    const { missionId: _, ...noMission } = structure();
    expect(refused(await r(noMission), 400, 'VALIDATION_FAILED')).toContain('missionId');
    expect(
      refused(await r(structure({ opinionType: 'NO_SUCH_TYPE' })), 400, 'OPINION_TYPE_UNKNOWN'),
    ).toContain('NO_SUCH_TYPE');
    refused(
      await r({ missionId: missionOf.ENERGY_SAVING, opinionType: 'ENERGY_GREEN', text: '缺少类别' }),
      400,
      'OPINION_ENERGY_KEY_REQUIRED',
    );
    refused(await r(structure({ energyKey: 'MISTAKE' })), 400, 'OPINION_ENERGY_KEY_NOT_ENERGY');
    refused(await r(structure({ opinionType: 'MANDATORY_STANDARD' })), 400, 'OPINION_CLAUSE_REQUIRED');
    refused(
      await r({
        missionId: missionOf.ENERGY_SAVING,
        opinionType: 'ENERGY_GREEN',
        energyKey: 'VIOLATE_MANDATORY_STANDARD',
        text: '违反',
      }),
      400,
      'OPINION_CLAUSE_REQUIRED',
    );
    expect(
      refused(
        await r(structure({ opinionType: 'MANDATORY_STANDARD', clauseVersionId: clause.plain })),
        400,
        'OPINION_CLAUSE_NOT_MANDATORY',
      ),
    ).toContain('GB 59001-2020');
    expect(
      refused(await r(structure({ clauseVersionId: clause.withdrawn })), 409, 'CLAUSE_STANDARD_WITHDRAWN'),
    ).toContain('GB 59002-2001');
    refused(await r(structure({ clauseVersionId: crypto.randomUUID() })), 400, 'OPINION_CLAUSE_UNKNOWN');
    refused(
      await r(structure({ sheet: { fileId: otherFileId, page: 0, markupId: null } })),
      400,
      'OPINION_SHEET_NOT_IN_ROUND',
    );
    expect(
      refused(
        await r(structure({ sheet: { fileId: sheetFileId, page: 3, markupId: null } })),
        400,
        'OPINION_SHEET_PAGE_OUT_OF_RANGE',
      ),
    ).toContain('3页');
    refused(
      await r(structure({ sheet: { fileId: sheetFileId, page: 0, markupId: otherPageMarkupId } })),
      400,
      'OPINION_MARKUP_NOT_ON_SHEET',
    );
    // Reviewer 1's markup is not published: reviewer 2 cannot cite it even on their own mission.
    refused(
      await record('censor_reviewer2', {
        missionId: missionOf.SURVEY,
        opinionType: 'STRUCTURAL_SAFETY',
        text: '见标注',
        sheet: { fileId: sheetFileId, page: 0, markupId },
      }),
      400,
      'OPINION_MARKUP_NOT_ON_SHEET',
    );
    refused(await r(structure({ missionId: crypto.randomUUID() })), 400, 'OPINION_MISSION_UNKNOWN');
    // A reviewer with a mission in the application, but not this one.
    expect(
      refused(await record('censor_reviewer2', structure()), 403, 'OPINION_MISSION_NOT_YOURS'),
    ).toContain('审查人');
    // English too.
    const en = await t.app.inject({
      method: 'POST',
      url: base('censor_reviewer'),
      headers: { authorization: `Bearer ${tokens.censor_reviewer}`, 'accept-language': 'en-US' },
      payload: structure({ opinionType: 'MANDATORY_STANDARD' }),
    });
    expect(refused(en, 400, 'OPINION_CLAUSE_REQUIRED')).toContain('must cite the mandatory clause');
    // Nothing of the refused writes was kept.
    expect(
      (await list('censor_reviewer', { kind: 'CONSTRUCTION', missionId: missionOf.STRUCTURE })).total,
    ).toBe(2);
  });

  it('answers another agency, another application and a reviewer without a mission as missing', async () => {
    const [first] = (await list('censor_admin', { kind: 'CONSTRUCTION' })).items;
    refused(
      await api.send('GET', base('censor2_admin'), tokens.censor2_admin, { query: { kind: 'CONSTRUCTION' } }),
      404,
      'NOT_FOUND',
    );
    refused(
      await api.send('GET', `${base('censor2_admin')}/${first!.id}`, tokens.censor2_admin),
      404,
      'NOT_FOUND',
    );
    refused(
      await api.send('GET', `${base('censor_admin', otherProjectId)}/${first!.id}`, tokens.censor_admin),
      404,
      'NOT_FOUND',
    );
    // Reviewer 2 holds no mission of the second application: it does not exist for them.
    refused(
      await api.send('GET', base('censor_reviewer2', otherProjectId), tokens.censor_reviewer2, {
        query: { kind: 'SURVEY' },
      }),
      404,
      'NOT_FOUND',
    );
    // A mission of another application cannot carry an opinion of this one.
    refused(
      await api.send('POST', base('censor_reviewer', otherProjectId), tokens.censor_reviewer, {
        payload: structure(),
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('the checker edits (the text before is kept), returns one, the reviewer fixes it, the mission is accepted and its opinions are final', async () => {
    const items = (await list('censor_reviewer', { kind: 'CONSTRUCTION', missionId: missionOf.STRUCTURE }))
      .items;
    const plain = items.find((o) => !o.mandatory)!;
    detailOf(await step('censor_reviewer', missionOf.STRUCTURE, 'submit'));
    // Submitted: the reviewer can no longer change it, the checker can.
    refused(
      await save('censor_reviewer', plain.id, structure({ text: '改' })),
      409,
      'OPINION_MISSION_NOT_OPEN',
    );
    refused(
      await api.send('DELETE', `${base('censor_reviewer')}/${plain.id}`, tokens.censor_reviewer),
      409,
      'OPINION_MISSION_NOT_OPEN',
    );
    const edited = detailOf<Opinion>(
      await save('censor_reviewer2', plain.id, structure({ text: '框架柱轴压比超过0.75，请复核' })),
    );
    expect(edited).toMatchObject({
      text: '框架柱轴压比超过0.75，请复核',
      status: 'RECORDED',
      reviewer: { accountId: ids.censor_reviewer },
    });
    expect(edited.can).toEqual({ edit: true, delete: false, return: true });
    const history = (await detail('censor_reviewer', plain.id)).history;
    expect(history.map((h) => [h.event, h.previousText, h.by?.accountId])).toEqual([
      ['CREATE', null, ids.censor_reviewer],
      ['CHECKER_EDIT', '框架柱轴压比超限，请复核', ids.censor_reviewer2],
    ]);
    // Moving it to another mission is refused.
    refused(
      await save('censor_reviewer2', plain.id, structure({ missionId: missionOf.ARCHITECTURE })),
      400,
      'OPINION_MISSION_CHANGED',
    );
    // Someone who is neither the checker nor a director: refused.
    refused(
      await api.send('POST', `${base('censor_reviewer')}/${plain.id}/return`, tokens.censor_reviewer, {
        payload: { reason: '自退' },
      }),
      403,
      'OPINION_NOT_CHECKER',
    );

    const returned = detailOf<Opinion>(
      await api.send('POST', `${base('censor_reviewer2')}/${plain.id}/return`, tokens.censor_reviewer2, {
        payload: { reason: '请补充计算书编号' },
      }),
    );
    expect(returned).toMatchObject({
      status: 'RETURNED',
      returnReason: '请补充计算书编号',
      missionStatus: 'RETURNED',
    });
    const back = await mission('censor_reviewer', missionOf.STRUCTURE);
    expect(back.status).toBe('RETURNED');
    expect(back.returnReason).toContain('请补充计算书编号');
    expect(back.history.at(-1)).toMatchObject({ event: 'RETURN', by: { accountId: ids.censor_reviewer2 } });
    // One call returns one opinion: the mission is no longer waiting for the check.
    const strong = items.find((o) => o.mandatory)!;
    refused(
      await api.send('POST', `${base('censor_reviewer2')}/${strong.id}/return`, tokens.censor_reviewer2, {
        payload: { reason: '再退' },
      }),
      409,
      'OPINION_MISSION_NOT_SUBMITTED',
    );
    expect(
      refused(
        await step('censor_reviewer', missionOf.STRUCTURE, 'submit'),
        409,
        'MISSION_HAS_RETURNED_OPINIONS',
      ),
    ).toContain('退回');
    const fixed = detailOf<Opinion>(
      await save(
        'censor_reviewer',
        plain.id,
        structure({ text: '框架柱轴压比超过0.75，见计算书JS-03，请复核' }),
      ),
    );
    expect(fixed).toMatchObject({ status: 'RECORDED', returnReason: null });
    expect((await detail('censor_reviewer', plain.id)).history.map((h) => h.event)).toEqual([
      'CREATE',
      'CHECKER_EDIT',
      'RETURN',
      'EDIT',
    ]);
    detailOf(await step('censor_reviewer', missionOf.STRUCTURE, 'submit'));
    detailOf(await step('censor_reviewer2', missionOf.STRUCTURE, 'accept'));

    // Accepted: nobody changes its opinions any more.
    const final = await detail('censor_reviewer', plain.id);
    expect(final.can).toEqual({ edit: false, delete: false, return: false });
    refused(
      await save('censor_reviewer', plain.id, structure({ text: '再改' })),
      409,
      'OPINION_MISSION_DONE',
    );
    refused(
      await save('censor_director', plain.id, structure({ text: '再改' })),
      409,
      'OPINION_MISSION_DONE',
    );
    refused(
      await api.send('DELETE', `${base('censor_reviewer')}/${plain.id}`, tokens.censor_reviewer),
      409,
      'OPINION_MISSION_DONE',
    );
    refused(await record('censor_reviewer', structure({ text: '新意见' })), 409, 'OPINION_MISSION_DONE');
  });

  it('keeps each reviewer’s own phrases and the agency’s, kept by its admin and directors', async () => {
    const own = created<OpinionPhrase>(
      await api.send('POST', phrases('censor_reviewer'), tokens.censor_reviewer, {
        payload: { scope: 'OWN', specialty: 'STRUCTURE', text: '请补充结构计算书' },
      }),
    );
    expect(own).toMatchObject({ scope: 'OWN', specialty: 'STRUCTURE', can: { edit: true } });
    refused(
      await api.send('POST', phrases('censor_reviewer'), tokens.censor_reviewer, {
        payload: { scope: 'AGENCY', text: '机构' },
      }),
      403,
      'OPINION_PHRASE_AGENCY_ONLY',
    );
    const agency = created<OpinionPhrase>(
      await api.send('POST', phrases('censor_director'), tokens.censor_director, {
        payload: { scope: 'AGENCY', text: '违反强制性条文，请修改', clauseVersionId: clause.mandatory },
      }),
    );
    expect(agency.clause?.id).toBe(clause.mandatory);
    refused(
      await api.send('POST', phrases('censor_director'), tokens.censor_director, {
        payload: { scope: 'OWN', specialty: 'NOPE', text: 'x' },
      }),
      400,
      'OPINION_SPECIALTY_UNKNOWN',
    );
    const read = async (user: User, query: Record<string, string> = {}) =>
      detailOf<OpinionPhraseList>(await api.send('GET', phrases(user), tokens[user], { query }));
    const mine = await read('censor_reviewer');
    expect(mine.items.map((p) => [p.id, p.can.edit])).toEqual([
      [agency.id, false],
      [own.id, true],
    ]);
    expect(mine.can.addAgency).toBe(false);
    expect((await read('censor_reviewer', { specialty: 'SURVEY' })).items.map((p) => p.id)).toEqual([
      agency.id,
    ]);
    expect((await read('censor_reviewer2')).items.map((p) => p.id)).toEqual([agency.id]);
    expect((await read('censor_director')).can.addAgency).toBe(true);
    expect((await read('censor2_admin')).items).toEqual([]);
    // Someone else's phrase is missing for them; the agency's is refused to a reviewer.
    refused(
      await api.send('PUT', `${phrases('censor_reviewer2')}/${own.id}`, tokens.censor_reviewer2, {
        payload: { scope: 'OWN', text: 'x' },
      }),
      404,
      'NOT_FOUND',
    );
    refused(
      await api.send('DELETE', `${phrases('censor2_admin')}/${agency.id}`, tokens.censor2_admin),
      404,
      'NOT_FOUND',
    );
    refused(
      await api.send('PUT', `${phrases('censor_reviewer')}/${agency.id}`, tokens.censor_reviewer, {
        payload: { scope: 'AGENCY', text: 'x' },
      }),
      403,
      'OPINION_PHRASE_AGENCY_ONLY',
    );
    const changed = detailOf<OpinionPhrase>(
      await api.send('PUT', `${phrases('censor_reviewer')}/${own.id}`, tokens.censor_reviewer, {
        payload: { scope: 'OWN', specialty: null, text: '请补充结构计算书及电算文件' },
      }),
    );
    expect(changed).toMatchObject({ specialty: null, text: '请补充结构计算书及电算文件' });
    const gone = await api.send('DELETE', `${phrases('censor_admin')}/${agency.id}`, tokens.censor_admin);
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await read('censor_reviewer')).items.map((p) => p.id)).toEqual([own.id]);
  });
});
