import { useQueries, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { PortalArticleSummary, PortalAttachment, PortalCategory } from '@drp/domain';
import { articleListQuery, articleQuery } from '../api/portal-queries';
import { AttachmentLinks } from '../components/attachment-links';
import { Breadcrumb, type Crumb } from '../components/breadcrumb';
import { formatDate } from '../components/format';
import { ListFilterForm } from '../components/list-filter-form';
import { LoadError, Loading } from '../components/page-state';
import { Pager } from '../components/pager';
import { useDocumentTitle } from '../components/use-document-title';
import { useListFilters } from '../components/use-list-filters';
import { usePortalI18n } from '../i18n/portal-i18n';
import { CATEGORY_LIST_PATH, articlePath, isCategory } from '../portal-links';

/**
 * Policy documents show their attachments in the list (issue 7). A list row carries only the
 * count, so each row with attachments reads its item (cached, and the detail then opens at once).
 */
interface RowFiles {
  get: (id: string) => PortalAttachment[] | undefined;
}

function useRowAttachments({ items }: { items: PortalArticleSummary[] }): RowFiles {
  const withFiles = items.filter((i) => i.attachmentCount > 0);
  const details = useQueries({ queries: withFiles.map((i) => articleQuery(i.id)) });
  const byId = new Map(details.flatMap((d) => (d.data ? [[d.data.id, d.data.attachments] as const] : [])));
  return { get: (id: string) => byId.get(id) };
}

function ArticleRow({ item, attachments }: { item: PortalArticleSummary; attachments: RowFiles | null }) {
  const { t } = usePortalI18n();
  const files = attachments?.get(item.id);
  return (
    <li className="portal-list-row" data-testid="portal-list-item">
      <div className="portal-list-main">
        {item.pinned && <span className="portal-tag">{t('list.pinned')}</span>}
        <Link to={articlePath(item)} className="portal-list-title">
          {item.title}
        </Link>
        <time dateTime={formatDate(item.publishDate)}>{formatDate(item.publishDate)}</time>
      </div>
      {(item.source || item.summary) && (
        <p className="portal-list-meta">
          {item.source && (
            <span>
              {t('detail.source')}：{item.source}
            </span>
          )}
          {item.summary && <span className="portal-list-summary">{item.summary}</span>}
        </p>
      )}
      {files && files.length > 0 && (
        <div className="portal-list-files">
          <span className="portal-muted">{t('list.attachments')}：</span>
          <AttachmentLinks attachments={files} testId="portal-list-attachment" />
        </div>
      )}
    </li>
  );
}

function ArticleList({
  category,
  title,
  crumbs,
  withAttachments,
}: {
  category: PortalCategory;
  title: string;
  crumbs: Crumb[];
  withAttachments: boolean;
}) {
  const { t } = usePortalI18n();
  useDocumentTitle(title);
  const [filters, setFilters] = useListFilters();
  const list = useQuery(articleListQuery(category, filters));
  const items = list.data?.items ?? [];
  const attachments = useRowAttachments({ items: withAttachments ? items : [] });
  return (
    <div className="portal-page">
      <Breadcrumb items={crumbs} />
      <h1 className="portal-page-title">{title}</h1>
      <ListFilterForm
        key={`${filters.title ?? ''}|${filters.from ?? ''}|${filters.to ?? ''}`}
        filters={filters}
        onSearch={setFilters}
      />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError onRetry={() => void list.refetch()} />
      ) : (
        <>
          {items.length ? (
            <ul
              className={`portal-list${list.isPlaceholderData ? ' portal-stale' : ''}`}
              aria-busy={list.isFetching}
            >
              {items.map((item) => (
                <ArticleRow key={item.id} item={item} attachments={withAttachments ? attachments : null} />
              ))}
            </ul>
          ) : (
            <p className="portal-empty" role="status">
              {t('list.empty')}
            </p>
          )}
          <Pager page={filters.page} total={list.data.total} />
        </>
      )}
    </div>
  );
}

/**
 * The list of one category: noticeList, ministerialFile, provincialFile, otherFile, and the
 * credit-building lists under associationDetail (`category` given); homeList reads
 * `?category=` (the "更多" of any category).
 */
export function ArticleListPage({
  category,
  parent,
  withAttachments = false,
}: {
  category?: PortalCategory;
  /** The menu group the page sits in, for the breadcrumb. */
  parent?: string;
  withAttachments?: boolean;
}) {
  const { messages } = usePortalI18n();
  const [params] = useSearchParams();
  const fromQuery = params.get('category');
  const chosen = category ?? (isCategory(fromQuery) ? fromQuery : null);
  if (!chosen) return <CategoryIndex />;
  const title = messages.categories[chosen];
  const crumbs: Crumb[] = [...(parent ? [{ label: parent }] : []), { label: title }];
  return (
    <ArticleList
      key={chosen}
      category={chosen}
      title={title}
      crumbs={crumbs}
      withAttachments={withAttachments}
    />
  );
}

/** homeList without a known category: the sections to choose from. */
function CategoryIndex() {
  const { t, messages } = usePortalI18n();
  useDocumentTitle(t('list.chooseCategory'));
  return (
    <div className="portal-page">
      <Breadcrumb items={[{ label: t('list.chooseCategory') }]} />
      <h1 className="portal-page-title">{t('list.chooseCategory')}</h1>
      <ul className="portal-category-index">
        {(Object.keys(CATEGORY_LIST_PATH) as PortalCategory[]).map((c) => (
          <li key={c}>
            <Link to={CATEGORY_LIST_PATH[c]}>{messages.categories[c]}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
