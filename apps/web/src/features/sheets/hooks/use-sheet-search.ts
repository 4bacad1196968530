import { useMemo } from 'react';
import type { SheetInfo } from '@drp/domain';
import type { ProjectTarget } from '../../../lib/project-target';
import { useSheetTexts } from '../api/get-sheet-text';

export interface SheetSearchHit {
  page: number;
  /** [left, bottom, right, top] in page space. */
  box: readonly [number, number, number, number];
  text: string;
}

/** Hits are listed up to this many; a word on every title block of 300 pages needs no more. */
const HITS_MAX = 500;

/**
 * The runs of the server's text layer that contain the query (case-insensitive), page by page.
 * The text is fetched only once something is searched.
 */
export function useSheetSearch(target: ProjectTarget, sheet: SheetInfo | undefined, query: string) {
  const needle = query.trim().toLowerCase();
  const texts = useSheetTexts(target, sheet, needle !== '');
  const hits = useMemo(() => {
    const out: SheetSearchHit[] = [];
    if (!needle) return out;
    for (const text of texts.texts) {
      if (!text) continue;
      for (const run of text.runs)
        if (run.text.toLowerCase().includes(needle) && out.length < HITS_MAX)
          out.push({ page: text.page, box: run.box, text: run.text });
    }
    return out.sort((a, b) => a.page - b.page);
  }, [needle, texts.texts]);
  const searchable = sheet?.state === 'READY' && sheet.pages.some((p) => p.hasText);
  return { hits, loading: needle !== '' && texts.loading, searchable, pending: sheet?.state === 'PENDING' };
}
