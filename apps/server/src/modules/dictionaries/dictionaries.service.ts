import {
  DICTIONARY_KIND_LABELS,
  type Dictionary,
  type DictionaryItem,
  type DictionaryKind,
} from '@drp/domain';
import { AppError } from '../../lib/app-error.js';
import type { Dictionaries } from './dictionary-loader.js';

/** One dictionary as the API answers it; where the data came from stays on the server. */
export function getDictionary(dictionaries: Dictionaries, kind: DictionaryKind): Dictionary {
  const found = dictionaries[kind] as Dictionaries[DictionaryKind] | undefined;
  // The loader refuses to start without every kind; this guards a kind added to the domain list
  // without a data file in a test double.
  if (!found) throw new AppError('NOT_FOUND');
  return { kind: found.kind, version: found.version, items: found.items };
}

/** The entry behind a code a form sent; an unknown code is the caller's mistake (400). */
export function dictionaryEntry(
  dictionaries: Dictionaries,
  kind: DictionaryKind,
  code: string,
): DictionaryItem {
  const item = dictionaries[kind].items.find((i) => i.code === code);
  if (!item) throw new AppError('DICTIONARY_CODE_UNKNOWN', { field: DICTIONARY_KIND_LABELS[kind], code });
  return item;
}
