import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dictionaryItemName, type BuildingDictionary, type DictionaryItem } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import type { ProjectTarget } from '../../../lib/project-target';
import { useBuildingDictionary } from '../api/get-building-dictionary';

export interface Option {
  value: string;
  label: string;
}
export type OptionOrGroup = Option | { label: string; title: string; options: Option[] };

type ListKey = keyof BuildingDictionary;

/**
 * The building dictionaries as Select options and display names, in the user's language. Entries
 * under a parent are grouped beneath it (`options`), or follow it in one list where the parent is
 * a choice of its own (`flat`: 基坑工程, then 深基坑工程 under it).
 */
export function useBuildingDictionaryOptions(target: ProjectTarget) {
  useTranslation(); // re-render on a language switch
  const dictionary = useBuildingDictionary(target);
  const locale = currentLocale();
  return useMemo(() => {
    const data = dictionary.data;
    const nameOf = (i: DictionaryItem) => dictionaryItemName(i, locale);
    const items = (key: ListKey): DictionaryItem[] => data?.[key] ?? [];
    const options = (key: ListKey): OptionOrGroup[] => {
      const list = items(key);
      const result: OptionOrGroup[] = [];
      for (const item of list) {
        if (item.parent) continue;
        const children = list.filter((c) => c.parent === item.code);
        if (children.length === 0) result.push({ value: item.code, label: nameOf(item) });
        else
          result.push({
            label: nameOf(item),
            title: nameOf(item),
            options: children.map((c) => ({ value: c.code, label: nameOf(c) })),
          });
      }
      return result;
    };
    const flat = (key: ListKey) => {
      const list = items(key);
      return list
        .filter((i) => !i.parent)
        .flatMap((parent) => [parent, ...list.filter((c) => c.parent === parent.code)])
        .map((item) => ({ value: item.code, label: nameOf(item), child: Boolean(item.parent), item }));
    };
    const entry = (key: ListKey, code: string | null | undefined) =>
      code ? items(key).find((i) => i.code === code) : undefined;
    /** The display name of a stored code; an unknown code shows as itself. */
    const label = (key: ListKey, code: string | null | undefined) => {
      if (!code) return '—';
      const item = entry(key, code);
      return item ? nameOf(item) : code;
    };
    const description = (key: ListKey, code: string | null | undefined) => {
      const item = entry(key, code);
      if (!item) return undefined;
      return locale === 'en-US' ? (item.descriptionEn ?? item.description) : item.description;
    };
    return {
      options,
      flat,
      label,
      entry,
      description,
      loading: dictionary.isPending,
      error: dictionary.error,
    };
  }, [dictionary.data, dictionary.isPending, dictionary.error, locale]);
}

export type BuildingDictionaryOptions = ReturnType<typeof useBuildingDictionaryOptions>;
