import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dictionaryItemName, type DictionaryItem, type DictionaryKind } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { useDictionary } from '../api/get-dictionary';

interface Option {
  value: string;
  label: string;
}
type Grouped = Option | { label: string; title: string; options: Option[] };

/**
 * A dictionary as Select options (entries under a parent grouped beneath it, the parent itself
 * not chosen) and the display name of a stored code ("房屋建筑工程 / 住宅").
 */
export function useDictionaryOptions(kind: DictionaryKind) {
  useTranslation(); // re-render on a language switch
  const dictionary = useDictionary(kind);
  const locale = currentLocale();
  return useMemo(() => {
    const items: DictionaryItem[] = dictionary.data?.items ?? [];
    const byCode = new Map(items.map((i) => [i.code, i]));
    const nameOf = (i: DictionaryItem) => dictionaryItemName(i, locale);
    const options: Grouped[] = [];
    for (const item of items) {
      if (item.parent) continue;
      const children = items.filter((c) => c.parent === item.code);
      if (children.length === 0) options.push({ value: item.code, label: nameOf(item) });
      else
        options.push({
          label: nameOf(item),
          title: nameOf(item),
          options: children.map((c) => ({ value: c.code, label: nameOf(c) })),
        });
    }
    const label = (code: string | null | undefined) => {
      if (!code) return '—';
      const item = byCode.get(code);
      if (!item) return code;
      const parent = item.parent ? byCode.get(item.parent) : undefined;
      return parent ? `${nameOf(parent)} / ${nameOf(item)}` : nameOf(item);
    };
    return { options, label, loading: dictionary.isPending, error: dictionary.error };
  }, [dictionary.data, dictionary.isPending, dictionary.error, locale]);
}
