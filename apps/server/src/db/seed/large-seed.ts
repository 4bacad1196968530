import { count, eq, sql } from 'drizzle-orm';
import { creditCodeCheckChar, regionLabel, type ProjectStatus } from '@drp/domain';
import type { Db } from '../database.js';
import { orgs } from '../schema/orgs.js';
import { projectCodeCounters, projects } from '../schema/projects.js';
import { DEMO_ORGS } from './demo-seed.js';

/**
 * `npm run seed:large`: a province's worth of review applications for benchmarks and query-plan
 * checks. Applications are spread over the demo organisations the way a busy province would be:
 * most belong to construct_admin's construction unit, most name the first design unit, survey
 * unit and review agency, close to half lie in Changsha, and their statuses follow their age
 * (three years back to today). Every application has five buildings.
 *
 * Rows are made in TypeScript from a fixed-seed generator (the same count gives the same data on
 * either engine) and sent in batches as one JSON parameter; parties and buildings are derived in
 * SQL from the same batch. Ids are derived from the running number, so a second run finds the
 * first one's data and does nothing.
 */

export interface LargeSeedOptions {
  /** Applications to make (default 100 000). */
  projects?: number;
  /** Buildings per application (default 5). */
  buildingsPerProject?: number;
  /** Applications per statement (default 2 000). */
  batchSize?: number;
  /** The newest application's creation time (default now); the oldest is three years earlier. */
  now?: Date;
  onProgress?: (done: number, total: number) => void;
}

export type LargeSeedResult =
  { seeded: true; projects: number; buildings: number; ms: number } | { seeded: false; existing: number };

const SPAN_MS = 3 * 365 * 86_400_000;
const DAY_MS = 86_400_000;

/** The id of the first large-seed application: present means already seeded. */
const firstId = sql<string>`md5('drp-large-project-1')::uuid`;

/** Mulberry32: small, fast and the same on every platform. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Neighbourhoods per city (GB/T 2260 prefix), for names and addresses. */
const PLACES: Record<string, string[]> = {
  '4301': [
    '梅溪湖',
    '洋湖',
    '高铁新城',
    '马栏山',
    '星沙',
    '暮云',
    '麓谷',
    '南湖',
    '金霞',
    '月湖',
    '松雅湖',
    '洞井',
    '坪塘',
    '含浦',
    '黄花',
    '金洲',
  ],
  '4302': ['神农城', '云龙', '河西', '荷塘'],
  '4303': ['九华', '昭山', '河东', '天易'],
  '4304': ['酃湖', '白沙洲', '蒸湘', '华新'],
  '4305': ['资江', '宝庆', '桃花'],
  '4306': ['南湖新区', '城陵矶', '洞庭', '金鹗'],
  '4307': ['柳叶湖', '德山', '武陵', '江北'],
  '4308': ['天门', '永定', '武陵源'],
  '4309': ['龙岭', '资阳', '赫山'],
  '4310': ['王仙岭', '苏仙', '北湖'],
  '4311': ['零陵', '冷水滩', '潇湘'],
  '4312': ['鹤城', '舞水', '五溪'],
  '4313': ['涟水', '娄星', '万宝'],
  '4331': ['乾州', '吉首', '峒河'],
};

interface Kind {
  name: string;
  weight: number;
  projectType: string;
  use: string;
  structure: string;
  floors: [number, number];
  /** Floor area of the largest building, m². */
  area: [number, number];
}

const KINDS: Kind[] = [
  {
    name: '住宅小区',
    weight: 24,
    projectType: 'RESIDENTIAL',
    use: 'RESIDENTIAL',
    structure: 'SHEAR_WALL',
    floors: [18, 33],
    area: [12_000, 26_000],
  },
  {
    name: '安置房',
    weight: 10,
    projectType: 'RESIDENTIAL',
    use: 'RESIDENTIAL',
    structure: 'SHEAR_WALL',
    floors: [11, 26],
    area: [8_000, 18_000],
  },
  {
    name: '人才公寓',
    weight: 5,
    projectType: 'RESIDENTIAL',
    use: 'DORMITORY',
    structure: 'PRECAST_CONCRETE',
    floors: [12, 24],
    area: [9_000, 16_000],
  },
  {
    name: '商住楼',
    weight: 6,
    projectType: 'RESIDENTIAL',
    use: 'COMPLEX',
    structure: 'FRAME_SHEAR_WALL',
    floors: [18, 32],
    area: [15_000, 30_000],
  },
  {
    name: '商业综合体',
    weight: 5,
    projectType: 'PUBLIC_BUILDING',
    use: 'COMMERCIAL',
    structure: 'FRAME_SHEAR_WALL',
    floors: [4, 8],
    area: [30_000, 90_000],
  },
  {
    name: '写字楼',
    weight: 5,
    projectType: 'PUBLIC_BUILDING',
    use: 'OFFICE',
    structure: 'FRAME_CORE_TUBE',
    floors: [20, 45],
    area: [25_000, 60_000],
  },
  {
    name: '中学教学楼',
    weight: 6,
    projectType: 'PUBLIC_BUILDING',
    use: 'EDUCATION',
    structure: 'FRAME',
    floors: [4, 5],
    area: [5_000, 12_000],
  },
  {
    name: '小学',
    weight: 5,
    projectType: 'PUBLIC_BUILDING',
    use: 'EDUCATION',
    structure: 'FRAME',
    floors: [3, 5],
    area: [4_000, 9_000],
  },
  {
    name: '幼儿园',
    weight: 4,
    projectType: 'PUBLIC_BUILDING',
    use: 'EDUCATION',
    structure: 'FRAME',
    floors: [2, 3],
    area: [2_000, 5_000],
  },
  {
    name: '人民医院门诊楼',
    weight: 3,
    projectType: 'PUBLIC_BUILDING',
    use: 'MEDICAL',
    structure: 'FRAME_SHEAR_WALL',
    floors: [8, 16],
    area: [20_000, 50_000],
  },
  {
    name: '养老服务中心',
    weight: 3,
    projectType: 'PUBLIC_BUILDING',
    use: 'ELDERLY_CARE',
    structure: 'FRAME',
    floors: [5, 10],
    area: [6_000, 15_000],
  },
  {
    name: '酒店',
    weight: 2,
    projectType: 'PUBLIC_BUILDING',
    use: 'HOTEL',
    structure: 'FRAME_SHEAR_WALL',
    floors: [12, 26],
    area: [18_000, 40_000],
  },
  {
    name: '文化馆',
    weight: 2,
    projectType: 'PUBLIC_BUILDING',
    use: 'CULTURE',
    structure: 'FRAME',
    floors: [3, 5],
    area: [6_000, 14_000],
  },
  {
    name: '全民健身中心',
    weight: 2,
    projectType: 'PUBLIC_BUILDING',
    use: 'SPORTS',
    structure: 'SPACE_GRID',
    floors: [2, 3],
    area: [8_000, 20_000],
  },
  {
    name: '标准厂房',
    weight: 12,
    projectType: 'INDUSTRIAL_BUILDING',
    use: 'WORKSHOP',
    structure: 'PORTAL_FRAME',
    floors: [1, 4],
    area: [6_000, 24_000],
  },
  {
    name: '物流仓储中心',
    weight: 6,
    projectType: 'WAREHOUSE',
    use: 'WAREHOUSE',
    structure: 'STEEL_FRAME',
    floors: [1, 2],
    area: [10_000, 40_000],
  },
];
const KIND_WEIGHT = KINDS.reduce((s, k) => s + k.weight, 0);
const PHASES = ['', '一期', '二期', '三期', 'A区', 'B区'];
const CONTACTS = [
  '王建国',
  '刘志强',
  '李红',
  '张敏',
  '陈刚',
  '杨帆',
  '黄磊',
  '周婷',
  '吴勇',
  '邓丽',
  '彭涛',
  '曾静',
];

/** Hunan's counties; Changsha's districts take 45% of applications, the rest share the remainder. */
function hunanCounties() {
  const all = Object.keys(PLACES).flatMap((city) =>
    Array.from({ length: 99 }, (_, i) => `${city}${String(i + 1).padStart(2, '0')}`).filter(
      (code) => regionLabel(code).split('/').length === 3,
    ),
  );
  return {
    changsha: all.filter((c) => c.startsWith('4301')),
    others: all.filter((c) => !c.startsWith('4301')),
  };
}

/** Status by age: young applications are early in the lifecycle, old ones mostly passed or filed. */
function statusFor(ageDays: number, r: number): ProjectStatus {
  const pick = (table: [ProjectStatus, number][]) => {
    let acc = 0;
    for (const [status, p] of table) {
      acc += p;
      if (r < acc) return status;
    }
    return table.at(-1)![0];
  };
  if (ageDays < 30)
    return pick([
      ['DRAFT', 0.3],
      ['SUBMITTED', 0.3],
      ['MATERIALS_SENT', 0.2],
      ['IN_REVIEW', 0.2],
    ]);
  if (ageDays < 120)
    return pick([
      ['DRAFT', 0.05],
      ['SUBMITTED', 0.05],
      ['MATERIALS_SENT', 0.1],
      ['IN_REVIEW', 0.3],
      ['OPINIONS_ISSUED', 0.3],
      ['PASSED', 0.2],
    ]);
  return pick([
    ['DRAFT', 0.03],
    ['OPINIONS_ISSUED', 0.05],
    ['PASSED', 0.42],
    ['FILED', 0.5],
  ]);
}

const chinaYear = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).getUTCFullYear();

async function demoOrgIds(db: Db) {
  const ids: Record<string, string> = {};
  for (const key of ['construct', 'construct2', 'design', 'design2', 'survey', 'censor', 'censor2']) {
    const org = DEMO_ORGS.find((o) => o.key === key)!;
    const creditCode = `${org.code17}${creditCodeCheckChar(org.code17)}`;
    const [row] = await db.select({ id: orgs.id }).from(orgs).where(eq(orgs.creditCode, creditCode));
    if (!row) throw new Error(`demo organisation ${org.name} missing: seed the demo data first`);
    ids[key] = row.id;
  }
  return ids;
}

/** Counts the large-seed applications already present (0 when none). */
export async function largeSeedPresent(db: Db): Promise<number> {
  const [marker] = await db.select({ n: count() }).from(projects).where(eq(projects.id, firstId));
  if ((marker?.n ?? 0) === 0) return 0;
  const [all] = await db.select({ n: count() }).from(projects);
  return all?.n ?? 0;
}

/**
 * Makes the applications in one transaction (nothing is left half done). Refuses, changing
 * nothing, when a previous large seed is present. Run `VACUUM ANALYZE` afterwards (outside a
 * transaction) so the planner knows the new sizes; `seed-large` does.
 */
export async function seedLarge(db: Db, options: LargeSeedOptions = {}): Promise<LargeSeedResult> {
  const total = options.projects ?? 100_000;
  const perProject = options.buildingsPerProject ?? 5;
  const batchSize = options.batchSize ?? 2_000;
  const now = (options.now ?? new Date()).getTime();
  const started = performance.now();

  return db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    // Two runs at once on one PostgreSQL database: the second waits, then finds the first's rows.
    await tx.execute(sql`select pg_advisory_xact_lock(20261122)`);
    const existing = await largeSeedPresent(tx);
    if (existing > 0) return { seeded: false as const, existing };

    const org = await demoOrgIds(tx);
    const { changsha, others } = hunanCounties();
    const counters = new Map<string, number>();
    for (const row of await tx.select().from(projectCodeCounters)) counters.set(row.prefix, row.last);

    const random = generator(20_261_122);
    const between = (lo: number, hi: number) => lo + random() * (hi - lo);
    const int = (lo: number, hi: number) => Math.floor(between(lo, hi + 1));
    const oneOf = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

    /** The running number of the last first application: a change application files under its master. */
    let lastFirst = 0;
    for (let from = 1; from <= total; from += batchSize) {
      const rows = [];
      for (let n = from; n < Math.min(from + batchSize, total + 1); n++) {
        // Oldest first, roughly evenly over three years, a few hours of jitter.
        const createdMs = now - ((total - n) / total) * SPAN_MS - random() * 6 * 3_600_000;
        const created = new Date(createdMs);
        const ageDays = (now - createdMs) / DAY_MS;
        const region = random() < 0.45 ? oneOf(changsha) : oneOf(others);
        const place = oneOf(PLACES[region.slice(0, 4)]!);
        let w = random() * KIND_WEIGHT;
        const kind = KINDS.find((k) => (w -= k.weight) < 0) ?? KINDS[0]!;
        // Every tenth application is a change application under the previous one's master.
        const isAlter = n % 10 === 0 && lastFirst > 0;
        const status = statusFor(ageDays, random());
        const prefix = `${region}-${chinaYear(created)}-`;
        const number = (counters.get(prefix) ?? 0) + 1;
        counters.set(prefix, number);
        const submitted = status === 'DRAFT' ? null : Math.min(now, createdMs + between(0.5, 10) * DAY_MS);
        const accepted =
          submitted === null || status === 'SUBMITTED' || status === 'MATERIALS_SENT'
            ? null
            : Math.min(now, submitted + between(1, 7) * DAY_MS);
        const design = random();
        const floors = int(kind.floors[0], kind.floors[1]);
        const area = Math.round(between(kind.area[0], kind.area[1]));
        const totalArea = Math.round(area * perProject * 0.8 * 100) / 100;
        const below = Math.round(totalArea * between(0.1, 0.25) * 100) / 100;
        const name = `${place}${int(1, 30)}号地块${kind.name}${oneOf(PHASES)}${isAlter ? '变更' : ''}`;
        rows.push({
          n,
          master: isAlter ? lastFirst : n,
          name,
          code: `${prefix}${String(number).padStart(4, '0')}`,
          status,
          isAlter,
          construct: random() < 0.7 ? org.construct : org.construct2,
          design1: design < 0.8 ? org.design : org.design2,
          design2: design >= 0.9 ? org.design : null,
          survey: random() < 0.85 ? org.survey : null,
          censor: random() < 0.7 ? org.censor : org.censor2,
          region,
          address: `${regionLabel(region).replaceAll('/', '')}${place}大道${int(1, 999)}号`,
          landUse: `地字第${region}${chinaYear(created)}${String(int(1, 9999)).padStart(4, '0')}号`,
          planning: `建字第${region}${chinaYear(created)}${String(int(1, 9999)).padStart(4, '0')}号`,
          total: totalArea,
          above: Math.round((totalArea - below) * 100) / 100,
          below,
          investment: Math.round(totalArea * between(0.3, 0.6)),
          projectType: kind.projectType,
          constructType: isAlter
            ? 'RECONSTRUCTION'
            : oneOf(['NEW', 'NEW', 'NEW', 'NEW', 'NEW', 'NEW', 'NEW', 'NEW', 'EXTENSION', 'DECORATION']),
          stage: isAlter ? 'DESIGN_CHANGE' : 'CONSTRUCTION_DRAWING',
          contact: oneOf(CONTACTS),
          phone: `139${String(int(0, 99_999_999)).padStart(8, '0')}`,
          created: created.toISOString(),
          submitted: submitted === null ? null : new Date(submitted).toISOString(),
          accepted: accepted === null ? null : new Date(accepted).toISOString(),
          use: kind.use,
          structure: kind.structure,
          floors,
          area,
          seismic: region.startsWith('4307')
            ? 'DEGREE_7_0.15G'
            : region.startsWith('4306')
              ? 'DEGREE_7_0.10G'
              : 'DEGREE_6_0.05G',
        });
        if (!isAlter) lastFirst = n;
      }
      await insertBatch(tx, rows, perProject);
      options.onProgress?.(Math.min(from + batchSize - 1, total), total);
    }

    // New applications continue the running numbers after the seeded ones.
    const prefixes = [...counters.entries()];
    for (let i = 0; i < prefixes.length; i += 1000) {
      const chunk = JSON.stringify(prefixes.slice(i, i + 1000).map(([prefix, last]) => ({ prefix, last })));
      await tx.execute(sql`
        insert into project_code_counters (prefix, last)
        select prefix, last from json_to_recordset(${chunk}::json) as c(prefix text, last int)
        on conflict (prefix) do update set last = greatest(project_code_counters.last, excluded.last)`);
    }
    return {
      seeded: true as const,
      projects: total,
      buildings: total * perProject,
      ms: performance.now() - started,
    };
  });
}

/**
 * One batch, staged once in a temporary table: masters and applications, then parties (whose
 * trigger reads the application's status, so they come in a statement of their own), then
 * buildings. `master` is the running number of the first application whose master a row uses.
 */
async function insertBatch(tx: Db, rows: Record<string, unknown>[], perProject: number) {
  const batch = JSON.stringify(rows);
  await tx.execute(sql`
    create temporary table if not exists large_seed_rows (
      n int, master int, name text, code text, status text, "isAlter" boolean, construct uuid,
      design1 uuid, design2 uuid, survey uuid, censor uuid, region text, address text,
      "landUse" text, planning text, total numeric, above numeric, below numeric, investment numeric,
      "projectType" text, "constructType" text, stage text, contact text, phone text,
      created timestamptz, submitted timestamptz, accepted timestamptz, use text, structure text,
      floors int, area numeric, seismic text, id uuid, dic_id uuid) on commit drop`);
  await tx.execute(sql`truncate large_seed_rows`);
  await tx.execute(sql`
    insert into large_seed_rows
    select x.*, md5('drp-large-project-' || x.n)::uuid, md5('drp-large-dic-' || x.master)::uuid
    from json_to_recordset(${batch}::json) as x(
      n int, master int, name text, code text, status text, "isAlter" boolean, construct uuid,
      design1 uuid, design2 uuid, survey uuid, censor uuid, region text, address text,
      "landUse" text, planning text, total numeric, above numeric, below numeric, investment numeric,
      "projectType" text, "constructType" text, stage text, contact text, phone text,
      created timestamptz, submitted timestamptz, accepted timestamptz, use text, structure text,
      floors int, area numeric, seismic text)`);
  await tx.execute(sql`
    with dics as (
      insert into project_dics (id, org_id, name, region_code, address, created_at, updated_at)
      select dic_id, construct, name, region, address, created, created
      from large_seed_rows where not "isAlter"
    )
    insert into projects (id, project_dic_id, code, name, status, is_alter, construct_org_id,
      region_code, address, land_use_permit_no, planning_permit_no, total_area, above_ground_area,
      below_ground_area, investment, project_type, construct_type, stage, contact_name,
      contact_phone, submit_count, submitted_at, accepted_at, created_at, updated_at)
    select id, dic_id, code, name, status, "isAlter", construct, region, address, "landUse", planning,
      total, above, below, investment, "projectType", "constructType", stage, contact, phone,
      case when status = 'DRAFT' then 0 else 1 end, submitted, accepted, created,
      coalesce(accepted, submitted, created)
    from large_seed_rows`);
  await tx.execute(sql`
    insert into project_orgs (project_id, org_id, role)
    select id, construct, 'CONSTRUCT' from large_seed_rows
    union all select id, design1, 'DESIGN' from large_seed_rows
    union all select id, design2, 'DESIGN' from large_seed_rows where design2 is not null
    union all select id, survey, 'SURVEY' from large_seed_rows where survey is not null
    union all select id, censor, 'CENSOR' from large_seed_rows`);
  await tx.execute(sql`
    insert into buildings (project_id, name, use, structure_type, floors_above, floors_below, height,
      floor_area, seismic_intensity, fire_resistance_rating, climatic_region, status,
      created_by_org_id, submitted_at, confirmed_at, created_at, updated_at)
    select r.id, b || '#楼', r.use, r.structure, greatest(1, r.floors - (b - 1) * 2),
      case when b = 1 then 2 else 1 end,
      round(greatest(1, r.floors - (b - 1) * 2) * 3.0 + 1.5, 2),
      round(r.area * (1 - (b - 1) * 0.12), 2), r.seismic,
      case when r.floors > 10 then 'GRADE_1' else 'GRADE_2' end, 'HOT_SUMMER_COLD_WINTER',
      case when r.status = 'DRAFT' then 'DRAFT' when r.accepted is null then 'SUBMITTED' else 'CONFIRMED' end,
      r.construct, r.submitted, r.accepted, r.created, coalesce(r.accepted, r.submitted, r.created)
    from large_seed_rows r cross join generate_series(1, ${perProject}::int) as b`);
}
