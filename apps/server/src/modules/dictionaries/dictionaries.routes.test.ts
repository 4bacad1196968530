import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { DICTIONARY_KINDS, type Dictionary, type DictionaryKind } from '@drp/domain';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { DICTIONARY_DATA_DIR, loadDictionaries } from './dictionary-loader.js';

function detailOf<T>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ code: string; detail: T }>();
  expect(body.code).toBe('SUCCESS');
  return body.detail;
}

/**
 * `GET /api/checkDrawings/cdDictionary/:kind`: the review dictionaries the forms pick from,
 * seeded with real content and carrying the version of their data.
 */
describe('review dictionaries', () => {
  let t: TestApp;
  let token: string;
  const all = {} as Record<DictionaryKind, Dictionary>;

  const ask = (kind: string, bearer: string | undefined = token) =>
    t.app.inject({
      url: `/api/checkDrawings/cdDictionary/${kind}`,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    });

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.signIn('design_admin');
    for (const kind of DICTIONARY_KINDS) all[kind] = detailOf<Dictionary>(await ask(kind));
  });
  afterAll(() => t?.close());

  const names = (kind: DictionaryKind) => all[kind].items.map((item) => item.name);

  it('answers every kind with its version and entries, each code once', () => {
    for (const kind of DICTIONARY_KINDS) {
      const { kind: answered, version, items } = all[kind];
      expect(answered).toBe(kind);
      expect(version).toMatch(/^\d{4}\.\d+$/);
      expect(items.length, kind).toBeGreaterThan(0);
      const codes = items.map((item) => item.code);
      expect(new Set(codes).size, `${kind} codes`).toBe(codes.length);
      for (const item of items) {
        expect(item.name.trim(), `${kind} ${item.code}`).not.toBe('');
        expect(item.nameEn.trim(), `${kind} ${item.code}`).not.toBe('');
        if (item.parent) expect(codes, `${kind} ${item.code} parent`).toContain(item.parent);
      }
    }
  });

  it('lists the review specialties, the survey one apart from the design ones', () => {
    expect(names('specialty')).toEqual(
      expect.arrayContaining([
        '建筑',
        '结构',
        '给水排水',
        '暖通空调',
        '电气',
        '勘察',
        '节能',
        '消防',
        '人防',
      ]),
    );
    const survey = all.specialty.items.find((item) => item.name === '勘察');
    expect(survey?.documentType).toBe('SURVEY');
    expect(all.specialty.items.find((item) => item.name === '结构')?.documentType).toBe('DESIGN');
  });

  it('lists the hazardous sub-projects of the national rules, marking those beyond scale', () => {
    const hazards = names('hazardSourcesName');
    for (const word of ['基坑', '模板', '起重吊装', '脚手架', '拆除', '暗挖', '幕墙', '人工挖孔桩'])
      expect(
        hazards.some((name) => name.includes(word)),
        word,
      ).toBe(true);
    const deepPit = all.hazardSourcesName.items.find((item) => item.name === '深基坑工程');
    expect(deepPit).toMatchObject({ parent: 'FOUNDATION_PIT', beyondScale: true });
    expect(deepPit?.description).toContain('5m');
  });

  it('has exactly the five building climatic regions, Hunan in the hot-summer cold-winter one', () => {
    expect([...names('climaticRegion')].sort()).toEqual(
      ['严寒地区', '寒冷地区', '夏热冬冷地区', '夏热冬暖地区', '温和地区'].sort(),
    );
    expect(all.climaticRegion.items.find((item) => item.name === '夏热冬冷地区')?.description).toContain(
      '湖南',
    );
  });

  it('lists construct types, stages, project, opinion and audit types a reviewer knows', () => {
    expect(names('constructType')).toEqual(expect.arrayContaining(['新建', '扩建', '改建']));
    expect(names('stage')).toEqual(expect.arrayContaining(['施工图设计', '施工图设计变更', '勘察']));
    expect(names('projectType')).toEqual(
      expect.arrayContaining(['房屋建筑工程', '市政基础设施工程', '住宅']),
    );
    expect(names('opinionType')).toEqual(expect.arrayContaining(['违反强制性条文', '一般性问题']));
    expect(names('auditType')).toEqual(expect.arrayContaining(['初审', '复审']));
  });

  it('cites every mandatory clause by a GB 55xxx code and a specialty that exists', () => {
    const specialties = new Set(all.specialty.items.map((item) => item.code));
    const terms = all.mandatoryTerm.items;
    expect(terms.length).toBeGreaterThanOrEqual(60);
    expect(new Set(terms.map((term) => term.standard)).size).toBeGreaterThanOrEqual(8);
    for (const term of terms) {
      expect(term.standard, term.code).toMatch(/^GB 55\d{3}-20\d{2}$/);
      expect(term.standardName, term.code).toMatch(/通用规范$/);
      expect(term.clause, term.code).toMatch(/^\d+(\.\d+){0,2}$/);
      expect(term.title?.trim(), term.code).toBeTruthy();
      expect(specialties.has(term.specialty ?? ''), `${term.code} specialty ${term.specialty}`).toBe(true);
    }
    expect(terms.find((term) => term.code === 'GB55001-2021-2.2.1')).toMatchObject({
      name: 'GB 55001-2021 第2.2.1条',
      standardName: '工程结构通用规范',
      clause: '2.2.1',
      specialty: 'STRUCTURE',
    });
  });

  it('answers in the envelope, in English names too', async () => {
    const res = await t.app.inject({
      url: '/api/checkDrawings/cdDictionary/auditType',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
    });
    expect(res.json()).toMatchObject({ code: 'SUCCESS', message: 'OK', detail: { kind: 'auditType' } });
    expect(detailOf<Dictionary>(res).items.map((item) => item.nameEn)).toContain('Re-review');
  });

  it('refuses anonymous callers and rejects an unknown kind', async () => {
    const anonymous = await ask('specialty', '');
    expect(anonymous.statusCode).toBe(401);
    const unknown = await ask('noSuchKind');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
  });
});

/** The data files are checked when the server starts, so a typo never reaches a reviewer. */
describe('dictionary data loading', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'drp-dict-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const copyWith = async (
    kind: DictionaryKind,
    change: (data: { items: Record<string, unknown>[] }) => void,
  ) => {
    for (const k of DICTIONARY_KINDS) {
      const text = await readFile(path.join(DICTIONARY_DATA_DIR, `${k}.json`), 'utf8');
      const data = JSON.parse(text) as { items: Record<string, unknown>[] };
      if (k === kind) change(data);
      await writeFile(path.join(dir, `${k}.json`), JSON.stringify(data));
    }
  };

  it('loads the shipped data', () => {
    expect(Object.keys(loadDictionaries())).toEqual([...DICTIONARY_KINDS]);
  });

  it('names the file and the entry of a malformed item', async () => {
    await copyWith('specialty', (data) => {
      data.items[0]!.nameEn = '';
    });
    expect(() => loadDictionaries(dir)).toThrow(/specialty\.json[\s\S]*items\[0\]\.nameEn/);
  });

  it('refuses a mandatory clause pointing at a specialty that does not exist', async () => {
    await copyWith('mandatoryTerm', (data) => {
      data.items[0]!.specialty = 'NO_SUCH_SPECIALTY';
    });
    expect(() => loadDictionaries(dir)).toThrow(
      /mandatoryTerm\.json[\s\S]*unknown specialty NO_SUCH_SPECIALTY/,
    );
  });

  it('refuses duplicate codes and a citation that does not match its clause', async () => {
    await copyWith('constructType', (data) => {
      data.items[1]!.code = data.items[0]!.code;
    });
    expect(() => loadDictionaries(dir)).toThrow(/duplicate code NEW/);
    await copyWith('mandatoryTerm', (data) => {
      data.items[0]!.clause = '9.9.9';
    });
    expect(() => loadDictionaries(dir)).toThrow(/code should be "GB55001-2021-9\.9\.9"/);
  });

  it('refuses a file that is not JSON', async () => {
    await copyWith('stage', () => {});
    await writeFile(path.join(dir, 'stage.json'), '{ "version": ');
    expect(() => loadDictionaries(dir)).toThrow(/stage\.json is invalid/);
  });
});
