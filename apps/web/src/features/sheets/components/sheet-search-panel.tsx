import { forwardRef } from 'react';
import { Input, Spin, Typography, type InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SheetSearchHit } from '../hooks/use-sheet-search';

/**
 * Text search in the server's text layer: Enter goes to the next hit, a hit in the list goes to
 * itself; the view centres on it and the canvas's overlay marks it.
 */
export const SheetSearchPanel = forwardRef<
  InputRef,
  {
    query: string;
    onQuery: (value: string) => void;
    hits: readonly SheetSearchHit[];
    active: number;
    onGo: (index: number) => void;
    loading: boolean;
    searchable: boolean;
    pending: boolean;
  }
>(function SheetSearchPanel({ query, onQuery, hits, active, onGo, loading, searchable, pending }, ref) {
  const { t } = useTranslation();
  const asked = query.trim() !== '';
  let status: string | null = null;
  if (pending) status = t('sheets.searchPending');
  else if (!searchable) status = t('sheets.searchNoText');
  else if (asked && !loading)
    status = hits.length ? t('sheets.searchHits', { count: hits.length }) : t('sheets.searchNone', { query });
  return (
    <div className="sheet-search-panel">
      <Input.Search
        ref={ref}
        allowClear
        value={query}
        disabled={!searchable}
        onChange={(e) => onQuery(e.target.value)}
        onSearch={() => hits.length && onGo((active + 1) % hits.length)}
        placeholder={t('sheets.searchPlaceholder')}
        aria-label={t('sheets.searchLabel')}
        aria-describedby="sheet-search-status"
        data-testid="sheet-search"
      />
      <Typography.Text type="secondary" className="sheet-search-hint">
        {t('sheets.searchHint')}
      </Typography.Text>
      <div
        id="sheet-search-status"
        role="status"
        className="sheet-search-status"
        data-testid="sheet-search-status"
      >
        {asked && loading ? <Spin size="small" aria-label={t('sheets.searchLoading')} /> : status}
      </div>
      {hits.length > 0 && (
        <ol className="sheet-search-hits-list" data-testid="sheet-search-hits">
          {hits.map((hit, index) => (
            <li key={`${hit.page}-${index}`}>
              <button
                type="button"
                className="sheet-search-hit"
                aria-current={index === active ? 'true' : undefined}
                onClick={() => onGo(index)}
                data-testid="sheet-search-hit"
              >
                <span className="sheet-search-hit-page">{t('sheets.pageLabel', { page: hit.page + 1 })}</span>
                <span className="sheet-search-hit-text">{hit.text}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
});
