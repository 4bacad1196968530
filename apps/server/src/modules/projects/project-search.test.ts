import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationForm, demoOrgIds, projectApi } from '../../test/project-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { searchGrams } from './project-list.repository.js';

/**
 * Search by part of a name or code goes through the applications' search grams (migration 0010)
 * and then ILIKE: whatever the fragment, it finds exactly what ILIKE alone would.
 */
describe('searching applications by part of the name or code', () => {
  let t: TestApp;
  let api: ReturnType<typeof projectApi>;
  let token: string;
  const codes: Record<string, string> = {};

  const NAMES = {
    tower: '长沙市岳麓区ABC科技园1#研发楼',
    school: '梅溪湖第二小学新建工程',
    turkish: 'İzmir路商业街改造',
    percent: '100%装配式住宅示范项目',
  } as const;

  beforeAll(async () => {
    t = await createTestApp();
    api = projectApi(t);
    const org = await demoOrgIds(t.database.db);
    token = await t.signIn('construct_admin');
    const dic = await api.dicOf(token, org.construct!, {
      name: '长沙市岳麓区学士路安置房项目',
      regionCode: '430104',
      address: '长沙市岳麓区学士街道学士路 88 号',
    });
    for (const [key, name] of Object.entries(NAMES))
      codes[key] = (await api.saved(token, applicationForm(org, dic.id, { name }))).code;
  });
  afterAll(() => t?.close());

  const found = async (name: string) =>
    (await api.page(token, 'search', { name, pageSize: 100 })).items.map((p) => p.name).sort();

  it('finds by one character, two characters and longer fragments', async () => {
    expect(await found('楼')).toEqual([NAMES.tower]);
    expect(await found('梅溪')).toEqual([NAMES.school]);
    expect(await found('第二小学新建')).toEqual([NAMES.school]);
    expect(await found('小学梅溪')).toEqual([]);
  });

  it('ignores the case of Latin letters, also beyond ASCII', async () => {
    expect(await found('abc科技')).toEqual([NAMES.tower]);
    expect(await found('İZMİR')).toEqual([NAMES.turkish]);
  });

  it('takes % and _ literally and finds by part of the code', async () => {
    expect(await found('100%装配')).toEqual([NAMES.percent]);
    expect(await found('0%')).toEqual([NAMES.percent]);
    expect(await found(codes.school!.slice(-6))).toEqual([NAMES.school]);
  });

  it("works out a fragment's grams exactly as the database does", async () => {
    const fragments = [
      '洋湖7号地块',
      '洋',
      '430104-2025',
      'AbC区',
      '号号号',
      'İstanbul',
      '𠀀𠀁x',
      'a%_\\b',
      '"{,}\'NULL',
    ];
    for (const fragment of fragments) {
      const result = (await t.database.db.execute(
        sql`select ${searchGrams(fragment)} as mine, drp_search_query_grams(${fragment}) as theirs`,
      )) as { rows: { mine: string[]; theirs: string[] }[] };
      const { mine, theirs } = result.rows[0]!;
      expect([...mine].sort(), fragment).toEqual([...theirs].sort());
    }
  });
});
