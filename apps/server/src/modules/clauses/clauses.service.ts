import {
  CLAUSE_LIMITS,
  clauseReference,
  parseClauseCsv,
  type ClauseImportResult,
  type ClausePage,
  type ClauseVersion,
  type ClauseVersionWithStandard,
  type Dictionary,
  type DictionaryItem,
  type Standard,
  type StandardClauses,
  type StandardList,
  type clauseSearchQuery,
  type standardCreateRequest,
  type standardUpdateRequest,
} from '@drp/domain';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { AppContext } from '../../lib/app-context.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import {
  clauseKeysOf,
  codeKeyOf,
  countClausesOf,
  currentVersionsOf,
  findClauseVersion as findJoinedVersion,
  findClauseVersions as findJoinedVersions,
  findStandard,
  insertClauseVersions,
  insertClauses,
  insertStandard,
  insertStandardsIfAbsent,
  latestClauseChange,
  listStandards,
  listVersionsOfStandard,
  retireCurrentVersions,
  searchClauseVersions,
  updateStandard as updateStandardRow,
  type ClauseVersionJoined,
  type StandardRow,
} from './clauses.repository.js';

const toStandard = (row: StandardRow, clauseCount: number): Standard => ({
  id: row.id,
  code: row.code,
  name: row.name,
  nameEn: row.nameEn,
  kind: row.kind,
  issuedOn: row.issuedOn,
  effectiveOn: row.effectiveOn,
  status: row.status,
  withdrawnOn: row.withdrawnOn,
  replacedBy: row.replacedBy,
  clauseCount,
});

const toVersion = ({ version: v, number, standard }: ClauseVersionJoined): ClauseVersion => ({
  id: v.id,
  clauseId: v.clauseId,
  standardId: standard.id,
  number,
  title: v.title,
  titleEn: v.titleEn,
  text: v.text,
  specialty: v.specialty,
  mandatory: v.mandatory,
  version: v.version,
  current: v.current,
  createdAt: v.createdAt.toISOString(),
});

const toVersionWithStandard = (row: ClauseVersionJoined): ClauseVersionWithStandard => ({
  ...toVersion(row),
  standard: {
    id: row.standard.id,
    code: row.standard.code,
    name: row.standard.name,
    nameEn: row.standard.nameEn,
    kind: row.standard.kind,
    status: row.standard.status,
    withdrawnOn: row.standard.withdrawnOn,
  },
});

/**
 * A clause version with its standard, even one replaced since or of a withdrawn standard: an
 * opinion shows what it cited. For the opinions module (issue 19), inside its own transaction.
 */
export async function findClauseVersion(tx: Db, id: string): Promise<ClauseVersionWithStandard | undefined> {
  const row = await findJoinedVersion(tx, id);
  return row && toVersionWithStandard(row);
}

/** Clause versions by id, as `findClauseVersion` answers each: an opinion list's citations. */
export async function findClauseVersionsByIds(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, ClauseVersionWithStandard>> {
  const rows = await findJoinedVersions(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.version.id, toVersionWithStandard(row)]));
}

/**
 * The clause version a new opinion may cite: it exists and its standard is in force. An older
 * version of a current clause stays citable (a draft written before a revision is still true to
 * what it quoted); a withdrawn standard's clauses are refused.
 */
export async function assertClauseUsable(tx: Db, id: string): Promise<ClauseVersionWithStandard> {
  const found = await findClauseVersion(tx, id);
  if (!found) throw new AppError('NOT_FOUND');
  if (found.standard.status === 'WITHDRAWN')
    throw new AppError('CLAUSE_STANDARD_WITHDRAWN', {
      code: found.standard.code,
      date: found.standard.withdrawnOn ?? '',
    });
  return found;
}

export async function getClauseVersion(ctx: AppContext, id: string): Promise<ClauseVersionWithStandard> {
  const found = await findClauseVersion(ctx.db, id);
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}

/** Up to five words; a longer query narrows nothing more and only costs conditions. */
const wordsOf = (q: string | undefined) => (q ?? '').split(/\s+/).filter(Boolean).slice(0, 5);

export async function searchClauses(
  ctx: AppContext,
  query: z.output<typeof clauseSearchQuery>,
): Promise<ClausePage> {
  const { rows, total } = await searchClauseVersions(ctx.db, {
    words: wordsOf(query.q),
    specialty: query.specialty || undefined,
    standardId: query.standardId,
    withdrawn: query.withdrawn,
    page: query.page,
    size: query.size,
  });
  return { total, items: rows.map(toVersionWithStandard) };
}

export async function listStandardsOfLibrary(ctx: AppContext): Promise<StandardList> {
  const rows = await listStandards(ctx.db);
  return { items: rows.map((r) => toStandard(r.standard, r.clauseCount)) };
}

async function standardOrNotFound(db: Db, id: string, lock = false) {
  const row = await findStandard(db, id, { lock });
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function getStandardClauses(ctx: AppContext, standardId: string): Promise<StandardClauses> {
  const standard = await standardOrNotFound(ctx.db, standardId);
  const rows = await listVersionsOfStandard(ctx.db, standardId);
  const items: StandardClauses['items'] = [];
  // Rows come by clause number, newest version first: the first of each clause is its current one.
  for (const row of rows) {
    const version = toVersion(row);
    const last = items.at(-1);
    if (last && last.clauseId === version.clauseId) last.versions.push(version);
    else items.push({ ...version, versions: [version] });
  }
  return { standard: toStandard(standard, items.length), items };
}

export async function createStandard(
  ctx: AppContext,
  input: z.output<typeof standardCreateRequest>,
  actor: AuditActor,
): Promise<Standard> {
  return inTransaction(ctx.db, async (tx) => {
    const row = await insertStandard(tx, {
      code: input.code,
      codeKey: codeKeyOf(input.code),
      name: input.name,
      nameEn: input.nameEn,
      kind: input.kind,
      issuedOn: input.issuedOn ?? null,
      effectiveOn: input.effectiveOn ?? null,
    });
    if (!row) throw new AppError('STANDARD_CODE_TAKEN', { code: input.code });
    await recordAudit(tx, ctx.clock(), {
      action: 'STANDARD_CREATED',
      actor,
      orgId: null,
      target: { type: 'standard', id: row.id },
      detail: { code: row.code },
    });
    return toStandard(row, 0);
  });
}

/** Edits a standard, or withdraws it with the date and, where there is one, its replacement. */
export async function changeStandard(
  ctx: AppContext,
  id: string,
  input: z.output<typeof standardUpdateRequest>,
  actor: AuditActor,
): Promise<Standard> {
  return inTransaction(ctx.db, async (tx) => {
    const before = await standardOrNotFound(tx, id, true);
    const withdrawn = input.status === 'WITHDRAWN';
    const replacedBy = withdrawn ? (input.replacedBy ?? null) : null;
    if (replacedBy) {
      const replacement = await findStandard(tx, replacedBy);
      if (!replacement || replacement.id === id || replacement.status !== 'ACTIVE')
        throw new AppError('STANDARD_REPLACEMENT_INVALID');
    }
    const row = await updateStandardRow(tx, id, {
      name: input.name,
      nameEn: input.nameEn,
      kind: input.kind,
      issuedOn: input.issuedOn ?? null,
      effectiveOn: input.effectiveOn ?? null,
      status: input.status,
      withdrawnOn: withdrawn ? (input.withdrawnOn ?? null) : null,
      replacedBy,
      updatedAt: ctx.clock(),
    });
    await recordAudit(tx, ctx.clock(), {
      action: 'STANDARD_UPDATED',
      actor,
      orgId: null,
      target: { type: 'standard', id },
      detail: {
        code: before.code,
        status: input.status,
        ...(withdrawn ? { withdrawnOn: input.withdrawnOn } : {}),
      },
    });
    return toStandard(row!, await countClausesOf(tx, id));
  });
}

const specialtiesOf = (ctx: AppContext) => new Set(ctx.dictionaries.specialty.items.map((i) => i.code));

/**
 * Imports a standard's clauses from CSV, all or nothing: any bad row refuses the whole file with
 * every row named. A clause whose wording, specialty or mandatory flag changed gets a new version;
 * clauses absent from the file stay as they are (an import adds and revises, it never deletes a
 * clause an opinion may cite).
 */
export async function importClauses(
  ctx: AppContext,
  standardId: string,
  csv: string,
  actor: AuditActor,
): Promise<ClauseImportResult> {
  const parsed = parseClauseCsv(csv, specialtiesOf(ctx));
  if (parsed.problems.length) {
    const shown = parsed.problems.slice(0, 3);
    const reason = (locale: 'zh-CN' | 'en-US') =>
      shown
        .map((p) =>
          locale === 'zh-CN' ? `第${p.row}行：${p.message[locale]}` : `row ${p.row}: ${p.message[locale]}`,
        )
        .join(locale === 'zh-CN' ? '；' : '; ') +
      (parsed.problems.length > shown.length ? (locale === 'zh-CN' ? '……' : '…') : '');
    throw new AppError(
      'CLAUSE_IMPORT_INVALID',
      { count: parsed.problems.length, reason: { 'zh-CN': reason('zh-CN'), 'en-US': reason('en-US') } },
      { problems: parsed.problems },
    );
  }
  return inTransaction(ctx.db, async (tx) => {
    // The row lock orders two imports into one standard: the second sees the first's versions.
    const standard = await standardOrNotFound(tx, standardId, true);
    if (standard.status === 'WITHDRAWN')
      throw new AppError('CLAUSE_STANDARD_WITHDRAWN', {
        code: standard.code,
        date: standard.withdrawnOn ?? '',
      });
    const existing = await currentVersionsOf(tx, standardId);
    const fresh = parsed.rows.filter((r) => !existing.has(r.number));
    const created = await insertClauses(
      tx,
      fresh.map((r) => ({ standardId, number: r.number })),
    );
    const idOf = new Map(created.map((c) => [c.number, c.id]));
    const versions: Parameters<typeof insertClauseVersions>[1] = [];
    const retired: string[] = [];
    let unchanged = 0;
    for (const row of parsed.rows) {
      const wording = {
        title: row.title,
        titleEn: row.titleEn,
        text: row.text,
        specialty: row.specialty,
        mandatory: row.mandatory,
        createdBy: actor.accountId,
        createdAt: ctx.clock(),
      };
      const before = existing.get(row.number);
      if (!before) {
        versions.push({ clauseId: idOf.get(row.number)!, version: 1, ...wording });
        continue;
      }
      const current = before.version;
      if (
        current &&
        current.title === row.title &&
        current.titleEn === row.titleEn &&
        (current.text ?? null) === row.text &&
        current.specialty === row.specialty &&
        current.mandatory === row.mandatory
      ) {
        unchanged += 1;
        continue;
      }
      if (current) retired.push(before.clauseId);
      versions.push({ clauseId: before.clauseId, version: (current?.version ?? 0) + 1, ...wording });
    }
    await retireCurrentVersions(tx, retired);
    await insertClauseVersions(tx, versions);
    const result = { created: fresh.length, revised: retired.length, unchanged };
    await recordAudit(tx, ctx.clock(), {
      action: 'CLAUSES_IMPORTED',
      actor,
      orgId: null,
      target: { type: 'standard', id: standardId },
      detail: { code: standard.code, created: result.created, revised: result.revised },
    });
    return result;
  });
}

/** `GB 55001-2021 工程结构通用规范`: how the seed names a standard the dictionary cites. */
function seedStandards(items: DictionaryItem[]) {
  const byCode = new Map<string, { code: string; name: string; nameEn: string }>();
  for (const item of items)
    if (item.standard && !byCode.has(item.standard))
      byCode.set(item.standard, {
        code: item.standard,
        name: item.standardName ?? item.standard,
        nameEn: item.standardNameEn ?? item.standard,
      });
  return [...byCode.values()];
}

/**
 * Puts the mandatoryTerm dictionary's general codes and clauses into the library where they are
 * missing; idempotent, and run at every start (one query when all are there). Clauses an admin
 * revised or withdrew since are left alone: the dictionary file only fills gaps.
 */
export async function seedClauseLibrary(ctx: Pick<AppContext, 'db' | 'dictionaries' | 'clock'>) {
  const items = ctx.dictionaries.mandatoryTerm.items.filter((i) => i.standard && i.clause);
  const seeds = seedStandards(items);
  const keys = seeds.map((s) => codeKeyOf(s.code));
  const present = await clauseKeysOf(ctx.db, keys);
  const have = new Set(present.map((p) => `${p.codeKey} ${p.number}`));
  if (items.every((i) => have.has(`${codeKeyOf(i.standard!)} ${i.clause}`))) return false;
  await inTransaction(ctx.db, async (tx) => {
    await insertStandardsIfAbsent(
      tx,
      seeds.map((s) => ({ ...s, codeKey: codeKeyOf(s.code), kind: 'GENERAL_CODE' as const })),
    );
    const rows = await clauseKeysOf(tx, keys);
    const standardIdOf = new Map(rows.map((r) => [r.codeKey, r.standardId]));
    const known = new Set(rows.filter((r) => r.number).map((r) => `${r.codeKey} ${r.number}`));
    const missing = items.filter((i) => !known.has(`${codeKeyOf(i.standard!)} ${i.clause}`));
    const created = await insertClauses(
      tx,
      missing.map((i) => ({ standardId: standardIdOf.get(codeKeyOf(i.standard!))!, number: i.clause! })),
    );
    const idOf = new Map(created.map((c) => [`${c.standardId} ${c.number}`, c.id]));
    await insertClauseVersions(
      tx,
      missing.flatMap((i) => {
        const clauseId = idOf.get(`${standardIdOf.get(codeKeyOf(i.standard!))} ${i.clause}`);
        // Another process seeding at the same moment inserted this clause and its version.
        if (!clauseId) return [];
        return [
          {
            clauseId,
            version: 1,
            title: i.title ?? i.name,
            titleEn: i.titleEn ?? i.nameEn,
            text: null,
            specialty: i.specialty ?? '',
            mandatory: true,
            createdAt: ctx.clock(),
          },
        ];
      }),
    );
  });
  return true;
}

const GENERAL_CODE_NUMBER = /^GB 55\d{3}-\d{4}$/;
const DICTIONARY_CLAUSE = /^\d+(\.\d+){0,2}$/;

/**
 * The legacy `cdDictionary/mandatoryTerm` answered from the library, in the dictionary's shape, so
 * screens built on it keep working: the mandatory clauses of the general codes in force.
 */
export async function mandatoryTermDictionary(ctx: AppContext): Promise<Dictionary> {
  const [{ rows }, changed] = await Promise.all([
    searchClauseVersions(ctx.db, {
      words: [],
      withdrawn: false,
      mandatoryOnly: true,
      generalCodesOnly: true,
      page: 0,
      size: CLAUSE_LIMITS.importRowsMax * 10,
    }),
    latestClauseChange(ctx.db),
  ]);
  const items: DictionaryItem[] = rows
    .filter((r) => GENERAL_CODE_NUMBER.test(r.standard.code) && DICTIONARY_CLAUSE.test(r.number))
    .map(({ version, number, standard }) => {
      return {
        code: `${standard.codeKey}-${number}`,
        name: `${standard.code} ${clauseReference(number, 'zh-CN')}`,
        nameEn: `${standard.code} ${clauseReference(number, 'en-US')}`,
        standard: standard.code,
        standardName: standard.name,
        standardNameEn: standard.nameEn,
        clause: number,
        title: version.title,
        titleEn: version.titleEn,
        specialty: version.specialty,
      };
    });
  // The dictionaries' `year.edition` form: the year and second of the library's last change.
  const at = changed ?? new Date(0);
  return {
    kind: 'mandatoryTerm',
    version: `${at.getUTCFullYear()}.${Math.floor(at.getTime() / 1000)}`,
    items,
  };
}
