import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ListFilters } from '../api/portal-queries';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A list's page, title search and date range live in the URL query (`page` is 0-based like the
 * API's), so a search can be bookmarked, shared and gone back to. Other parameters (homeList's
 * `category`) are kept.
 */
export function useListFilters(): [ListFilters, (next: Partial<ListFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0);
  const title = params.get('title')?.trim() || undefined;
  const from = DAY.test(params.get('from') ?? '') ? params.get('from')! : undefined;
  const to = DAY.test(params.get('to') ?? '') ? params.get('to')! : undefined;
  const filters = useMemo(() => ({ page, title, from, to }), [page, title, from, to]);
  const update = useCallback(
    (next: Partial<ListFilters>) => {
      setParams((current) => {
        const merged = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next))
          if (value === undefined || value === '' || (key === 'page' && value === 0)) merged.delete(key);
          else merged.set(key, String(value));
        return merged;
      });
    },
    [setParams],
  );
  return [filters, update];
}

/** The URL of another page of the same list, for the pager's links. */
export function usePageHref() {
  const [params] = useSearchParams();
  return (page: number) => {
    const next = new URLSearchParams(params);
    if (page === 0) next.delete('page');
    else next.set('page', String(page));
    const text = next.toString();
    return text ? `?${text}` : '?';
  };
}
