import { describe, expect, it } from 'vitest';
import {
  handoverReadinessOf,
  issuesText,
  requiredSpecialties,
  type ReadinessBuilding,
} from './handover-readiness.js';

const NAMES: Record<string, string> = {
  ARCHITECTURE: '建筑',
  STRUCTURE: '结构',
  PLUMBING: '给水排水',
  HVAC: '暖通空调',
  ELECTRICAL: '电气',
  ENERGY_SAVING: '节能',
  SURVEY: '勘察',
};
const name = (code: string) => ({ 'zh-CN': NAMES[code] ?? code, 'en-US': code.toLowerCase() });

const design = { orgId: 'd1', orgName: '长沙建筑设计院' };
const survey = { orgId: 's1', orgName: '湖南勘察院' };

/** A building ready in every respect: submitted, entries made, every required specialty drawn. */
function ready(over: Partial<ReadinessBuilding> = {}): ReadinessBuilding {
  const specialties = requiredSpecialties(over.use ?? 'RESIDENTIAL');
  return {
    id: 'b1',
    name: '1#住宅楼',
    status: 'SUBMITTED',
    use: 'RESIDENTIAL',
    designUnits: [design],
    surveyUnits: [survey],
    designInfos: specialties.map((specialty) => ({ orgId: 'd1', specialty })),
    surveyFindings: ['s1'],
    folders: { DESIGN: { id: 'fd', fileCount: 12 }, SURVEY: { id: 'fs', fileCount: 2 } },
    specialtyFolders: specialties.map((specialty) => ({ id: `f-${specialty}`, specialty, fileCount: 2 })),
    ...over,
  };
}

const kinds = (issues: { kind: string }[]) => issues.map((i) => i.kind);

describe('handoverReadinessOf', () => {
  it('finds nothing to say about ready buildings', () => {
    expect(handoverReadinessOf([ready(), ready({ id: 'b2', name: '2#住宅楼' })], name)).toEqual({
      blockers: [],
      warnings: [],
    });
  });

  it('blocks an application without buildings', () => {
    expect(kinds(handoverReadinessOf([], name).blockers)).toEqual(['NO_BUILDINGS']);
  });

  it('blocks draft and rejected buildings, naming each', () => {
    const r = handoverReadinessOf(
      [ready({ status: 'DRAFT' }), ready({ id: 'b2', name: '2#住宅楼', status: 'REJECTED' })],
      name,
    );
    expect(r.blockers.map((b) => [b.kind, b.buildingId, b.buildingName])).toEqual([
      ['BUILDING_DRAFT', 'b1', '1#住宅楼'],
      ['BUILDING_REJECTED', 'b2', '2#住宅楼'],
    ]);
    expect(r.blockers[0]!.text['zh-CN']).toBe('1#住宅楼：仍是草稿，请先提交单体');
    expect(r.blockers[0]!.text['en-US']).toBe('1#住宅楼: still a draft; submit the building first');
  });

  it("blocks a building without a named design unit's design info or a named survey unit's findings", () => {
    const other = { orgId: 'd2', orgName: '湖南省建筑设计院' };
    const r = handoverReadinessOf([ready({ designUnits: [design, other], surveyFindings: [] })], name);
    expect(r.blockers.map((b) => [b.kind, b.orgName])).toEqual([
      ['DESIGN_INFO_MISSING', '湖南省建筑设计院'],
      ['SURVEY_FINDINGS_MISSING', '湖南勘察院'],
    ]);
    expect(r.blockers[0]!.text['zh-CN']).toBe('1#住宅楼：设计单位“湖南省建筑设计院”尚未填写设计信息');
    expect(r.blockers[1]!.text['en-US']).toBe('1#住宅楼: 湖南勘察院 has not entered its survey findings');
  });

  it('does not ask for survey findings or documents where no survey unit is named', () => {
    const r = handoverReadinessOf(
      [ready({ surveyUnits: [], surveyFindings: [], folders: { DESIGN: { id: 'fd', fileCount: 3 } } })],
      name,
    );
    expect(r).toEqual({ blockers: [], warnings: [] });
  });

  it('warns of an empty drawings folder once, pointing at it', () => {
    const r = handoverReadinessOf(
      [ready({ folders: { DESIGN: { id: 'fd', fileCount: 0 }, SURVEY: { id: 'fs', fileCount: 1 } } })],
      name,
    );
    expect(r.blockers).toEqual([]);
    expect(r.warnings.map((w) => [w.kind, w.category, w.folderId])).toEqual([
      ['FOLDER_EMPTY', 'DESIGN', 'fd'],
    ]);
    expect(r.warnings[0]!.text['zh-CN']).toBe('1#住宅楼：施工图文件夹中没有文件');
  });

  it("warns of each required specialty without drawings, and of missing survey documents, from the building's use", () => {
    const r = handoverReadinessOf(
      [
        ready({
          specialtyFolders: [
            { id: 'fa', specialty: 'ARCHITECTURE', fileCount: 4 },
            { id: 'fst', specialty: 'STRUCTURE', fileCount: 3 },
            { id: 'fp', specialty: 'PLUMBING', fileCount: 0 },
          ],
          folders: { DESIGN: { id: 'fd', fileCount: 7 }, SURVEY: { id: 'fs', fileCount: 0 } },
        }),
      ],
      name,
    );
    expect(r.warnings.map((w) => [w.specialty, w.folderId])).toEqual([
      ['PLUMBING', 'fp'],
      // No folder: nobody answers for it yet, so the link is the building's folder.
      ['HVAC', 'fd'],
      ['ELECTRICAL', 'fd'],
      ['ENERGY_SAVING', 'fd'],
      ['SURVEY', 'fs'],
    ]);
    expect(r.warnings[0]!.text['zh-CN']).toBe('1#住宅楼：缺少给水排水专业的资料');
    expect(r.warnings.at(-1)!.category).toBe('SURVEY');
  });

  it('asks the five base specialties of every building, and energy saving of civil ones only', () => {
    const base = ['ARCHITECTURE', 'STRUCTURE', 'PLUMBING', 'HVAC', 'ELECTRICAL'];
    expect(requiredSpecialties('GARAGE')).toEqual(base);
    expect(requiredSpecialties('WAREHOUSE')).toEqual(base);
    expect(requiredSpecialties('OFFICE')).toEqual([...base, 'ENERGY_SAVING']);
    expect(requiredSpecialties('EDUCATION')).toEqual([...base, 'ENERGY_SAVING']);
  });

  it('joins issues into one line per language', () => {
    const r = handoverReadinessOf(
      [ready({ status: 'DRAFT' }), ready({ id: 'b2', name: '2#', status: 'DRAFT' })],
      name,
    );
    expect(issuesText(r.blockers)['zh-CN']).toBe(
      '1#住宅楼：仍是草稿，请先提交单体；2#：仍是草稿，请先提交单体',
    );
  });
});
