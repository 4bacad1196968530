import { z } from 'zod';
import type { BuildingStatus } from '../buildings/building-contracts.js';
import type { Locale } from '../errors/error-codes.js';

/**
 * Whether an application's buildings are ready to be handed over to review (issue 17, "Hand-overs
 * are gated by completeness"). A building still a draft or rejected, or missing the design
 * information of a design unit named on it or the findings of a named survey unit, blocks the
 * construction unit's send and the agency's acceptance: once sent, buildings are locked, and such a
 * building could then be neither submitted nor confirmed. Empty folders and missing specialties
 * are warnings: a reviewer would ask, but the sender may know better (a specialty drawn by nobody
 * because the building has none of it), so the sender confirms them.
 */

type Texts = Record<Locale, string>;

/**
 * The document categories (doc-repository-contracts' DOC_CATEGORIES), written out: the version
 * state there carries these issues, so this file may not import it.
 */
const CATEGORIES = ['SURVEY', 'DESIGN'] as const;
type DocCategory = (typeof CATEGORIES)[number];

export interface ReadinessUnit {
  orgId: string;
  orgName: string;
}

/** One building as the rule reads it, with its folders in the version being handed over. */
export interface ReadinessBuilding {
  id: string;
  name: string;
  status: BuildingStatus;
  /** buildingUse dictionary code: which specialties its drawings need. */
  use: string;
  designUnits: readonly ReadinessUnit[];
  surveyUnits: readonly ReadinessUnit[];
  /** The design info rows entered: which unit answers for which specialty. */
  designInfos: readonly { orgId: string; specialty: string }[];
  /** The survey units that entered their findings for this building. */
  surveyFindings: readonly string[];
  /** The building's folder per category in the version (null: none was made), and its files. */
  folders: Partial<Record<DocCategory, { id: string; fileCount: number }>>;
  /** The drawings' specialty folders of this building in the version, with their files. */
  specialtyFolders: readonly { id: string; specialty: string; fileCount: number }[];
}

export const HANDOVER_ISSUE_KINDS = [
  'NO_BUILDINGS',
  'BUILDING_DRAFT',
  'BUILDING_REJECTED',
  'DESIGN_INFO_MISSING',
  'SURVEY_FINDINGS_MISSING',
  'FOLDER_EMPTY',
  'SPECIALTY_MISSING',
] as const;
export type HandoverIssueKind = (typeof HANDOVER_ISSUE_KINDS)[number];

/** What is missing, where it is (for the screen's link) and what to tell people, in both languages. */
export const handoverIssue = z.object({
  kind: z.enum(HANDOVER_ISSUE_KINDS),
  buildingId: z.string().nullable(),
  buildingName: z.string().nullable(),
  /** The unit whose entry is missing. */
  orgName: z.string().nullable(),
  /** specialty dictionary code. */
  specialty: z.string().nullable(),
  /** The folder to fill, where one exists. */
  category: z.enum(CATEGORIES).nullable(),
  folderId: z.string().nullable(),
  text: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }),
});
export type HandoverIssue = z.infer<typeof handoverIssue>;

/** The `detail` of a refused hand-over: what blocks it, and the warnings to confirm. */
export const handoverReadiness = z.object({
  blockers: z.array(handoverIssue),
  warnings: z.array(handoverIssue),
});
export type HandoverReadiness = z.infer<typeof handoverReadiness>;

/** Every building's drawings have these specialties (GB 50352 and the review's own split). */
const BASE_SPECIALTIES = ['ARCHITECTURE', 'STRUCTURE', 'PLUMBING', 'HVAC', 'ELECTRICAL'] as const;
/**
 * Uses without conditioned rooms for people: their drawings need no energy-saving design
 * (GB 55015 covers civil buildings; car parks, workshops, warehouses and ancillary rooms are not).
 */
const WITHOUT_ENERGY_DESIGN = new Set(['GARAGE', 'WORKSHOP', 'WAREHOUSE', 'SUPPORTING', 'OTHER']);

/** The design specialties a building of this use needs drawings of. */
export function requiredSpecialties(use: string): string[] {
  return WITHOUT_ENERGY_DESIGN.has(use) ? [...BASE_SPECIALTIES] : [...BASE_SPECIALTIES, 'ENERGY_SAVING'];
}

/** The survey, as the specialty the warnings name where a survey unit is named. */
export const SURVEY_SPECIALTY = 'SURVEY';

const quoted = (name: string, locale: Locale) => (locale === 'zh-CN' ? `“${name}”` : name);

function describe(
  kind: HandoverIssueKind,
  at: { building?: string; org?: string; specialty?: Texts; category?: DocCategory },
): Texts {
  const texts = (locale: Locale): string => {
    const b = at.building ?? '';
    const org = at.org ? quoted(at.org, locale) : '';
    const s = at.specialty?.[locale] ?? '';
    const zh = locale === 'zh-CN';
    switch (kind) {
      case 'NO_BUILDINGS':
        return zh ? '申报中还没有单体' : 'The application has no buildings';
      case 'BUILDING_DRAFT':
        return zh ? `${b}：仍是草稿，请先提交单体` : `${b}: still a draft; submit the building first`;
      case 'BUILDING_REJECTED':
        return zh
          ? `${b}：已被审查机构退回，请修改后重新提交或删除`
          : `${b}: rejected by the review agency; change and submit it again, or delete it`;
      case 'DESIGN_INFO_MISSING':
        return zh
          ? `${b}：设计单位${org}尚未填写设计信息`
          : `${b}: ${org} has not entered its design information`;
      case 'SURVEY_FINDINGS_MISSING':
        return zh
          ? `${b}：勘察单位${org}尚未填写勘察信息`
          : `${b}: ${org} has not entered its survey findings`;
      case 'FOLDER_EMPTY':
        return zh
          ? `${b}：${at.category === 'SURVEY' ? '勘察文件' : '施工图'}文件夹中没有文件`
          : `${b}: the ${at.category === 'SURVEY' ? 'survey documents' : 'drawings'} folder holds no files`;
      case 'SPECIALTY_MISSING':
        return zh ? `${b}：缺少${s}专业的资料` : `${b}: no ${s} materials`;
    }
  };
  return { 'zh-CN': texts('zh-CN'), 'en-US': texts('en-US') };
}

function issue(
  kind: HandoverIssueKind,
  building: ReadinessBuilding | null,
  extra: {
    org?: ReadinessUnit;
    specialty?: string;
    specialtyName?: Texts;
    category?: DocCategory;
    folderId?: string;
  } = {},
): HandoverIssue {
  return {
    kind,
    buildingId: building?.id ?? null,
    buildingName: building?.name ?? null,
    orgName: extra.org?.orgName ?? null,
    specialty: extra.specialty ?? null,
    category: extra.category ?? null,
    folderId: extra.folderId ?? null,
    text: describe(kind, {
      building: building?.name,
      org: extra.org?.orgName,
      specialty: extra.specialtyName,
      category: extra.category,
    }),
  };
}

/**
 * The blockers and warnings of handing these buildings over. `specialtyName` names a specialty
 * code in both languages (the dictionary is the server's).
 */
export function handoverReadinessOf(
  buildings: readonly ReadinessBuilding[],
  specialtyName: (code: string) => Texts,
): HandoverReadiness {
  const blockers: HandoverIssue[] = [];
  const warnings: HandoverIssue[] = [];
  if (buildings.length === 0) blockers.push(issue('NO_BUILDINGS', null));
  for (const b of buildings) {
    if (b.status === 'DRAFT') blockers.push(issue('BUILDING_DRAFT', b));
    if (b.status === 'REJECTED') blockers.push(issue('BUILDING_REJECTED', b));
    for (const org of b.designUnits)
      if (!b.designInfos.some((d) => d.orgId === org.orgId))
        blockers.push(issue('DESIGN_INFO_MISSING', b, { org }));
    for (const org of b.surveyUnits)
      if (!b.surveyFindings.includes(org.orgId)) blockers.push(issue('SURVEY_FINDINGS_MISSING', b, { org }));

    const drawings = b.folders.DESIGN;
    // An empty folder misses every specialty: one warning says it.
    if (!drawings || drawings.fileCount === 0)
      warnings.push(issue('FOLDER_EMPTY', b, { category: 'DESIGN', folderId: drawings?.id }));
    else
      for (const specialty of requiredSpecialties(b.use)) {
        const folders = b.specialtyFolders.filter((f) => f.specialty === specialty);
        if (folders.some((f) => f.fileCount > 0)) continue;
        warnings.push(
          issue('SPECIALTY_MISSING', b, {
            specialty,
            specialtyName: specialtyName(specialty),
            category: 'DESIGN',
            // No folder of it: nobody answers for it yet; the building's folder is where it goes.
            folderId: folders[0]?.id ?? drawings?.id,
          }),
        );
      }
    if (b.surveyUnits.length > 0) {
      const survey = b.folders.SURVEY;
      if (!survey || survey.fileCount === 0)
        warnings.push(
          issue('SPECIALTY_MISSING', b, {
            specialty: SURVEY_SPECIALTY,
            specialtyName: specialtyName(SURVEY_SPECIALTY),
            category: 'SURVEY',
            folderId: survey?.id,
          }),
        );
    }
  }
  return { blockers, warnings };
}

/** The issues as one line for a message: "1号楼：仍是草稿，请先提交单体；2号楼：…". */
export function issuesText(issues: readonly HandoverIssue[]): Texts {
  return {
    'zh-CN': issues.map((i) => i.text['zh-CN']).join('；'),
    'en-US': issues.map((i) => i.text['en-US']).join('; '),
  };
}
