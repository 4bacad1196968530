import {
  REVIEW_RECORD_LIMITS,
  SPECIAL_REVIEW_RESULTS,
  chinaDate,
  dictionaryItemName,
  regionLabel,
  type DictionaryKind,
  type Locale,
  type ReviewRecordBuilding,
  type ReviewRecordBuildingDetail,
  type ReviewRecordDetail,
  type ReviewRecordPage,
  type ReviewRecordQuery,
  type ReviewRecordSummary,
} from '@drp/domain';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import {
  findProjectReviewRecord,
  findRecordBuilding,
  findReviewRecord,
  listRecordBuildingUnits,
  listRecordBuildings,
  listReviewRecords,
  type ReviewRecordRow,
} from './review-records.repository.js';

/**
 * The public review record (issue 21): what anyone may read of the applications whose filing an
 * authority confirmed. Anything else (a pending or rejected filing, an unfiled application's
 * building, a made-up id) is the same NOT_FOUND, so the record tells nothing of what is not in it.
 */

type Row = ReviewRecordRow;
type BuildingRow = NonNullable<Awaited<ReturnType<typeof findRecordBuilding>>>;

function summaryOf(row: Row): ReviewRecordSummary {
  return {
    id: row.id,
    projectName: row.national.PrjName,
    projectCode: row.national.PrjNum,
    regionName: regionLabel(row.regionCode),
    constructName: row.constructName,
    agencyName: row.national.CensorCorpName,
    certificateNo: row.certificateNo,
    certificateStatus: row.certificateStatus,
    area: row.national.PrjSize,
    filedOn: row.decidedAt ? chinaDate(row.decidedAt) : '',
  };
}

/** A dictionary code's name in the reader's language; the code itself when the edition dropped it. */
function dictionaryName(ctx: AppContext, kind: DictionaryKind, code: string, locale: Locale) {
  const item = ctx.dictionaries[kind].items.find((i) => i.code === code);
  return item ? dictionaryItemName(item, locale) : code;
}

function buildingOf(ctx: AppContext, b: BuildingRow, locale: Locale): ReviewRecordBuilding {
  return {
    id: b.id,
    name: b.name,
    useName: dictionaryName(ctx, 'buildingUse', b.use, locale),
    structureName: dictionaryName(ctx, 'structureType', b.structureType, locale),
    floorsAbove: b.floorsAbove,
    floorsBelow: b.floorsBelow,
    height: b.height,
    floorArea: b.floorArea,
    seismicName: dictionaryName(ctx, 'seismicIntensity', b.seismicIntensity, locale),
    fireRatingName: dictionaryName(ctx, 'fireResistanceRating', b.fireResistanceRating, locale),
  };
}

/** `/common/reviewInfoSearch`: confirmed records by any of five fields, the latest first. */
export async function searchReviewRecords(
  ctx: AppContext,
  query: ReviewRecordQuery,
): Promise<ReviewRecordPage> {
  const offset = query.page * query.pageSize;
  if (offset >= REVIEW_RECORD_LIMITS.depthMax)
    throw new AppError('REVIEW_RECORD_TOO_DEEP', { max: REVIEW_RECORD_LIMITS.depthMax });
  const { rows, total } = await listReviewRecords(ctx.db, query, {
    offset,
    limit: Math.min(query.pageSize, REVIEW_RECORD_LIMITS.depthMax - offset),
  });
  return { items: rows.map(summaryOf), total };
}

/** `buildingFilingDetail/{id}`: one confirmed record, by its filing's id. */
export async function getReviewRecord(
  ctx: AppContext,
  filingId: string,
  locale: Locale,
): Promise<ReviewRecordDetail> {
  const row = await findReviewRecord(ctx.db, filingId);
  if (!row) throw new AppError('NOT_FOUND');
  const content = row.certificateContent;
  const buildingRows = await listRecordBuildings(ctx.db, row.projectId);
  return {
    ...summaryOf(row),
    location: content.project.location,
    projectTypeName: content.project.projectTypeName,
    investment: content.project.investment,
    parties: content.parties,
    authorityName: row.authorityName ?? '',
    specialties: content.specialties,
    // Names only: a registration number identifies the person beyond what the record needs.
    reviewers: content.reviewers.map((r) => ({ specialtyName: r.specialtyName, name: r.name })),
    firstRoundPassed: content.firstRound.passed,
    mandatoryCount: content.firstRound.mandatoryCount,
    mandatoryClauses: content.firstRound.mandatoryClauses,
    rounds: content.rounds,
    completedOn: content.completedOn,
    issuedOn: row.issuedAt ? chinaDate(row.issuedAt) : null,
    jointReview: row.input.jointReview,
    fireReview: SPECIAL_REVIEW_RESULTS[row.input.fireReview][locale],
    civilDefenceReview: SPECIAL_REVIEW_RESULTS[row.input.civilDefenceReview][locale],
    buildings: buildingRows.map((b) => buildingOf(ctx, b, locale)),
  };
}

/** `buildingFilingDetail2/{id}`: one reviewed building of a confirmed record. */
export async function getReviewRecordBuilding(
  ctx: AppContext,
  buildingId: string,
  locale: Locale,
): Promise<ReviewRecordBuildingDetail> {
  const building = await findRecordBuilding(ctx.db, buildingId);
  const record = building ? await findProjectReviewRecord(ctx.db, building.projectId) : null;
  if (!building || !record) throw new AppError('NOT_FOUND');
  const units = await listRecordBuildingUnits(ctx.db, building.id);
  return {
    ...buildingOf(ctx, building, locale),
    record: summaryOf(record),
    climaticRegionName: dictionaryName(ctx, 'climaticRegion', building.climaticRegion, locale),
    units,
  };
}
