import { useQuery } from '@tanstack/react-query';
import type { CreditEntry, CreditList } from '@drp/domain';
import { creditListQuery } from '../api/portal-queries';
import { Breadcrumb } from '../components/breadcrumb';
import { formatDate } from '../components/format';
import { ListFilterForm } from '../components/list-filter-form';
import { LoadError, Loading } from '../components/page-state';
import { Pager } from '../components/pager';
import { useDocumentTitle } from '../components/use-document-title';
import { useListFilters } from '../components/use-list-filters';
import { usePortalI18n } from '../i18n/portal-i18n';

function DocumentCell({ entry }: { entry: CreditEntry }) {
  const { t } = usePortalI18n();
  if (entry.document)
    return (
      <a href={entry.document.url} download={entry.document.name} data-testid="credit-document">
        {entry.documentNo ?? entry.document.name}
      </a>
    );
  return <>{entry.documentNo ?? t('credit.none')}</>;
}

/**
 * creditInformation's four lists (spec §2): organisation, credit code, reason, issuing body,
 * date and decision. A table on a wide screen; each row a card on a phone (labels from CSS).
 */
export function CreditListPage({ list }: { list: CreditList }) {
  const { t, messages } = usePortalI18n();
  const title = messages.creditLists[list];
  useDocumentTitle(title);
  const [filters, setFilters] = useListFilters();
  const page = useQuery(creditListQuery(list, filters));
  const mixed = list === 'localCommendation' || list === 'fieldCommendation';
  const columns = [
    t('credit.orgName'),
    t('credit.creditCode'),
    ...(mixed ? [t('credit.kind')] : []),
    t('credit.reason'),
    t('credit.issuer'),
    t('credit.issuedOn'),
    t('credit.document'),
  ];
  return (
    <div className="portal-page">
      <Breadcrumb items={[{ label: t('menu.creditInfo') }, { label: title }]} />
      <h1 className="portal-page-title">{title}</h1>
      <ListFilterForm
        key={`${filters.title ?? ''}|${filters.from ?? ''}|${filters.to ?? ''}`}
        filters={filters}
        onSearch={setFilters}
        searchLabel={t('list.searchOrg')}
      />
      {page.isPending ? (
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
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.data.items.map((entry) => (
                  <tr key={entry.id} data-testid="credit-entry">
                    <th scope="row" data-label={t('credit.orgName')}>
                      {entry.orgName}
                    </th>
                    <td data-label={t('credit.creditCode')} className="portal-nowrap">
                      {entry.creditCode ?? t('credit.none')}
                    </td>
                    {mixed && (
                      <td data-label={t('credit.kind')}>
                        <span className={`portal-tag portal-tag-${entry.kind.toLowerCase()}`}>
                          {messages.creditKinds[entry.kind]}
                        </span>
                      </td>
                    )}
                    <td data-label={t('credit.reason')}>{entry.reason}</td>
                    <td data-label={t('credit.issuer')}>{entry.issuer}</td>
                    <td data-label={t('credit.issuedOn')} className="portal-nowrap">
                      <time dateTime={formatDate(entry.issuedOn)}>{formatDate(entry.issuedOn)}</time>
                    </td>
                    <td data-label={t('credit.document')}>
                      <DocumentCell entry={entry} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="portal-empty" role="status">
              {t('list.empty')}
            </p>
          )}
          <Pager page={filters.page} total={page.data.total} />
        </>
      )}
    </div>
  );
}
