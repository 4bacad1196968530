import { useId, useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { REVIEW_RECORD_LIMITS, ReviewRecordSummary } from '@drp/domain';
import { PAGE_SIZE, reviewRecordsQuery, type ReviewRecordFilters } from '../api/portal-queries';
import { Breadcrumb } from '../components/breadcrumb';
import { LoadError, Loading } from '../components/page-state';
import { Pager } from '../components/pager';
import { useDocumentTitle } from '../components/use-document-title';
import { usePortalI18n } from '../i18n/portal-i18n';
import type { MessageKey } from '../i18n/portal-messages-zh-cn';
import { reviewRecordPath } from '../portal-paths';

/** The search fields, in the order of the spec's sentence. */
const FIELDS = ['projectName', 'projectCode', 'certificateNo', 'agencyName', 'constructName'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The server's REVIEW_RECORD_LIMITS, spelt here so the portal bundle leaves the domain's zod out;
 * the types keep them equal to the domain's.
 */
const DEPTH_MAX: (typeof REVIEW_RECORD_LIMITS)['depthMax'] = 500;
const FIELD_MAX: (typeof REVIEW_RECORD_LIMITS)['fieldMax'] = 60;

/** The fields and page live in the URL, so a search can be bookmarked, shared and gone back to. */
function useRecordFilters(): [ReviewRecordFilters, (next: ReviewRecordFilters) => void] {
  const [params, setParams] = useSearchParams();
  // The router hands out the same params until the query changes.
  const filters = useMemo(() => {
    const out: ReviewRecordFilters = {
      page: Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0),
    };
    for (const f of FIELDS) {
      const value = params.get(f)?.trim();
      if (value) out[f] = value;
    }
    return out;
  }, [params]);
  const update = (next: ReviewRecordFilters) => {
    const out = new URLSearchParams();
    for (const f of FIELDS) if (next[f]) out.set(f, next[f]);
    if (next.page > 0) out.set('page', String(next.page));
    setParams(out);
  };
  return [filters, update];
}

function SearchForm({
  filters,
  onSearch,
}: {
  filters: ReviewRecordFilters;
  onSearch: (next: ReviewRecordFilters) => void;
}) {
  const { t } = usePortalI18n();
  const id = useId();
  const [values, setValues] = useState<Partial<Record<Field, string>>>(() => ({ ...filters }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: ReviewRecordFilters = { page: 0 };
    for (const f of FIELDS) {
      const value = values[f]?.trim();
      if (value) next[f] = value;
    }
    onSearch(next);
  };
  const reset = () => {
    setValues({});
    onSearch({ page: 0 });
  };
  return (
    <form className="portal-filters" role="search" aria-label={t('records.filters')} onSubmit={submit}>
      {FIELDS.map((f) => (
        <div key={f} className="portal-field portal-field-grow">
          <label htmlFor={`${id}-${f}`}>{t(`records.${f}` as MessageKey)}</label>
          <input
            id={`${id}-${f}`}
            type="search"
            value={values[f] ?? ''}
            maxLength={FIELD_MAX}
            onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
            data-testid={`record-${f}`}
          />
        </div>
      ))}
      <div className="portal-filter-actions">
        <button type="submit" className="portal-button portal-button-primary" data-testid="record-search">
          {t('list.submit')}
        </button>
        <button type="button" className="portal-button" onClick={reset}>
          {t('list.reset')}
        </button>
      </div>
    </form>
  );
}

function RecordRow({ record }: { record: ReviewRecordSummary }) {
  const { t, messages } = usePortalI18n();
  const valid = record.certificateStatus === 'ISSUED';
  return (
    <tr data-testid="review-record">
      <th scope="row" data-label={t('records.projectName')}>
        <Link to={reviewRecordPath(record.id)}>{record.projectName}</Link>
      </th>
      <td data-label={t('records.projectCode')} className="portal-nowrap">
        {record.projectCode}
      </td>
      <td data-label={t('records.certificateNo')} className="portal-nowrap">
        {record.certificateNo}
      </td>
      <td data-label={t('records.agencyName')}>{record.agencyName}</td>
      <td data-label={t('records.constructName')}>{record.constructName}</td>
      <td data-label={t('records.region')}>{record.regionName}</td>
      <td data-label={t('records.filedOn')} className="portal-nowrap">
        <time dateTime={record.filedOn}>{record.filedOn}</time>
      </td>
      <td data-label={t('records.status')}>
        <span className={`portal-tag ${valid ? 'portal-tag-commendation' : 'portal-tag-criticism'}`}>
          {messages.certificateStatuses[record.certificateStatus]}
        </span>
      </td>
    </tr>
  );
}

/**
 * `/common/reviewInfoSearch` (spec §2): the applications whose filing an authority confirmed,
 * searched by five fields at once. Only the first 500 matches can be paged through (the server
 * refuses deeper pages): past that the reader is asked to narrow the search.
 */
export function ReviewRecordSearchPage() {
  const { t } = usePortalI18n();
  const title = t('records.title');
  useDocumentTitle(title);
  const [filters, setFilters] = useRecordFilters();
  const tooDeep = filters.page * PAGE_SIZE >= DEPTH_MAX;
  const page = useQuery({ ...reviewRecordsQuery(filters), enabled: !tooDeep });
  const columns = [
    'records.projectName',
    'records.projectCode',
    'records.certificateNo',
    'records.agencyName',
    'records.constructName',
    'records.region',
    'records.filedOn',
    'records.status',
  ] as const;
  return (
    <div className="portal-page">
      <Breadcrumb items={[{ label: t('menu.reviewRecords') }]} />
      <h1 className="portal-page-title">{title}</h1>
      <p className="portal-intro">{t('records.intro')}</p>
      <SearchForm key={JSON.stringify(filters)} filters={filters} onSearch={setFilters} />
      {tooDeep ? (
        <p className="portal-notice" role="status" data-testid="records-too-deep">
          {t('records.tooDeep', { max: DEPTH_MAX })}
        </p>
      ) : page.isPending ? (
        <Loading />
      ) : page.isError ? (
        <LoadError onRetry={() => void page.refetch()} />
      ) : (
        <>
          {page.data.items.length ? (
            <table className={`portal-table${page.isPlaceholderData ? ' portal-stale' : ''}`}>
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c} scope="col">
                      {t(c)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.data.items.map((record) => (
                  <RecordRow key={record.id} record={record} />
                ))}
              </tbody>
            </table>
          ) : (
            <p className="portal-empty" role="status">
              {t('list.empty')}
            </p>
          )}
          {page.data.total > DEPTH_MAX && (
            <p className="portal-notice" role="note">
              {t('records.tooDeep', { max: DEPTH_MAX })}
            </p>
          )}
          <Pager
            page={filters.page}
            total={page.data.total}
            browsable={Math.min(page.data.total, DEPTH_MAX)}
          />
        </>
      )}
    </div>
  );
}
