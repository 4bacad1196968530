import { useId, useState, type FormEvent } from 'react';
import type { ListFilters } from '../api/portal-queries';
import { usePortalI18n } from '../i18n/portal-i18n';

/**
 * Title search and date range (on the item's date). Submitting starts again at the first page;
 * the form is keyed by the URL's filters so going back shows what was searched.
 */
export function ListFilterForm({
  filters,
  onSearch,
  searchLabel,
}: {
  filters: ListFilters;
  onSearch: (next: Partial<ListFilters>) => void;
  searchLabel?: string;
}) {
  const { t } = usePortalI18n();
  const id = useId();
  const [title, setTitle] = useState(filters.title ?? '');
  const [from, setFrom] = useState(filters.from ?? '');
  const [to, setTo] = useState(filters.to ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ page: 0, title: title.trim() || undefined, from: from || undefined, to: to || undefined });
  };
  const reset = () => {
    setTitle('');
    setFrom('');
    setTo('');
    onSearch({ page: 0, title: undefined, from: undefined, to: undefined });
  };
  return (
    <form className="portal-filters" role="search" aria-label={t('list.filters')} onSubmit={submit}>
      <div className="portal-field portal-field-grow">
        <label htmlFor={`${id}-title`}>{searchLabel ?? t('list.search')}</label>
        <input
          id={`${id}-title`}
          type="search"
          value={title}
          maxLength={120}
          placeholder={t('list.searchPlaceholder')}
          onChange={(e) => setTitle(e.target.value)}
          data-testid="portal-search"
        />
      </div>
      <div className="portal-field">
        <label htmlFor={`${id}-from`}>{t('list.from')}</label>
        <input
          id={`${id}-from`}
          type="date"
          value={from}
          max={to || undefined}
          onChange={(e) => setFrom(e.target.value)}
          data-testid="portal-from"
        />
      </div>
      <div className="portal-field">
        <label htmlFor={`${id}-to`}>{t('list.to')}</label>
        <input
          id={`${id}-to`}
          type="date"
          value={to}
          min={from || undefined}
          onChange={(e) => setTo(e.target.value)}
          data-testid="portal-to"
        />
      </div>
      <div className="portal-filter-actions">
        <button
          type="submit"
          className="portal-button portal-button-primary"
          data-testid="portal-search-submit"
        >
          {t('list.submit')}
        </button>
        <button type="button" className="portal-button" onClick={reset}>
          {t('list.reset')}
        </button>
      </div>
    </form>
  );
}
