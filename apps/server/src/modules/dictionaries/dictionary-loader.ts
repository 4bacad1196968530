import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  DICTIONARY_KINDS,
  clauseReference,
  dictionaryFileOf,
  type Dictionary,
  type DictionaryItem,
  type DictionaryKind,
} from '@drp/domain';

/**
 * tsc does not copy JSON into dist, so the data is read from the source tree: this file sits at
 * src/modules/dictionaries (under vitest) or dist/modules/dictionaries (built), three levels below
 * apps/server either way.
 */
export const DICTIONARY_DATA_DIR = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'src',
  'modules',
  'dictionaries',
  'data',
);

export type Dictionaries = Record<DictionaryKind, Dictionary & { source: string }>;

declare module '../../lib/app-context.js' {
  interface AppContext {
    /** The review dictionaries, read and checked once at start: a broken data file stops the server. */
    dictionaries: Dictionaries;
  }
}

class DictionaryDataError extends Error {
  constructor(file: string, problem: string) {
    super(`Dictionary data ${file} is invalid:\n${problem}`);
    this.name = 'DictionaryDataError';
  }
}

function readDictionaryFile(dir: string, kind: DictionaryKind) {
  const file = path.join(dir, `${kind}.json`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new DictionaryDataError(file, error instanceof Error ? error.message : String(error));
  }
  const parsed = dictionaryFileOf(kind).safeParse(raw);
  if (!parsed.success) throw new DictionaryDataError(file, z.prettifyError(parsed.error));
  return { file, ...parsed.data, items: parsed.data.items as DictionaryItem[] };
}

/** The cross-entry rules a schema cannot see: unique codes, parents that exist, consistent citations. */
function problemsOf(kind: DictionaryKind, items: DictionaryItem[], specialties: Set<string>): string[] {
  const problems: string[] = [];
  const codes = new Set<string>();
  for (const item of items) {
    if (codes.has(item.code)) problems.push(`duplicate code ${item.code}`);
    codes.add(item.code);
  }
  for (const item of items) {
    if (item.parent !== undefined && (!codes.has(item.parent) || item.parent === item.code))
      problems.push(`${item.code}: parent ${item.parent} is not another entry of ${kind}`);
    if (kind !== 'mandatoryTerm') continue;
    const { standard = '', clause = '', specialty = '' } = item;
    // The code, name and English name are all derived from standard and clause: a mismatch is a typo.
    const expected = {
      code: `${standard.replace(' ', '')}-${clause}`,
      name: `${standard} ${clauseReference(clause, 'zh-CN')}`,
      nameEn: `${standard} ${clauseReference(clause, 'en-US')}`,
    };
    for (const [field, value] of Object.entries(expected))
      if (item[field as keyof typeof expected] !== value)
        problems.push(`${item.code}: ${field} should be "${value}"`);
    if (!specialties.has(specialty)) problems.push(`${item.code}: unknown specialty ${specialty}`);
  }
  return problems;
}

/**
 * Reads and checks every dictionary. Called once when the routes register, so a malformed file
 * stops the server at start with the file and the offending entries named.
 */
export function loadDictionaries(dir: string = DICTIONARY_DATA_DIR): Dictionaries {
  const files = Object.fromEntries(
    DICTIONARY_KINDS.map((kind) => [kind, readDictionaryFile(dir, kind)]),
  ) as Record<DictionaryKind, ReturnType<typeof readDictionaryFile>>;
  const specialties = new Set(files.specialty.items.map((item) => item.code));
  const out = {} as Dictionaries;
  for (const kind of DICTIONARY_KINDS) {
    const { file, version, source, items } = files[kind];
    const problems = problemsOf(kind, items, specialties);
    if (problems.length) throw new DictionaryDataError(file, problems.map((p) => `✖ ${p}`).join('\n'));
    out[kind] = { kind, version, source, items };
  }
  return out;
}
