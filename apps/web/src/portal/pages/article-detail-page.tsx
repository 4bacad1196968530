import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import type { PortalArticle } from '@drp/domain';
import { isNotFound } from '../api/portal-http';
import { articleQuery } from '../api/portal-queries';
import { AttachmentLinks } from '../components/attachment-links';
import { Breadcrumb } from '../components/breadcrumb';
import { formatDate } from '../components/format';
import { LoadError, Loading, NotFoundContent } from '../components/page-state';
import { useDocumentTitle } from '../components/use-document-title';
import { usePortalI18n } from '../i18n/portal-i18n';
import { CATEGORY_LIST_PATH, articlePath } from '../portal-links';

function Neighbour({ label, item }: { label: string; item: PortalArticle['previous'] }) {
  const { t } = usePortalI18n();
  return (
    <p>
      <span className="portal-muted">{label}：</span>
      {item ? (
        // The neighbour's body is unknown here; noticeDetail shows a body-less item as well.
        <Link to={articlePath({ id: item.id, hasBody: true })}>{item.title}</Link>
      ) : (
        <span>{t('detail.none')}</span>
      )}
    </p>
  );
}

function Article({ article }: { article: PortalArticle }) {
  const { t, messages } = usePortalI18n();
  useDocumentTitle(article.title);
  const category = messages.categories[article.category];
  return (
    <article className="portal-page portal-article">
      <Breadcrumb
        items={[{ label: category, to: CATEGORY_LIST_PATH[article.category] }, { label: t('detail.body') }]}
      />
      <header className="portal-article-head">
        <h1 data-testid="portal-article-title">{article.title}</h1>
        <p className="portal-article-meta">
          {article.source && (
            <span>
              {t('detail.source')}：{article.source}
            </span>
          )}
          <span>
            {t('detail.date')}：
            <time dateTime={formatDate(article.publishDate)}>{formatDate(article.publishDate)}</time>
          </span>
        </p>
      </header>
      {article.bodyHtml ? (
        // Sanitised by the server when it was saved (sanitizeRichText); shown as it is.
        <div
          className="portal-article-body"
          data-testid="portal-article-body"
          dangerouslySetInnerHTML={{ __html: article.bodyHtml }}
        />
      ) : (
        <div className="portal-article-body" data-testid="portal-article-body">
          <p className="portal-muted">{t('detail.noBody')}</p>
        </div>
      )}
      {article.attachments.length > 0 && (
        <section className="portal-article-files" aria-labelledby="portal-article-files">
          <h2 id="portal-article-files">{t('detail.attachments')}</h2>
          <AttachmentLinks attachments={article.attachments} />
        </section>
      )}
      <nav className="portal-article-neighbours" aria-label={`${t('detail.previous')} / ${t('detail.next')}`}>
        <Neighbour label={t('detail.previous')} item={article.previous} />
        <Neighbour label={t('detail.next')} item={article.next} />
      </nav>
    </article>
  );
}

/**
 * One published item: `noticeDetail/{id}` (with its body) and `emptyDetail?id={id}` (title,
 * source, date and attachments). A draft, a withdrawn or an unknown id answers 404.
 */
export function ArticleDetailPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const id = params.id ?? search.get('id') ?? '';
  const article = useQuery({ ...articleQuery(id), enabled: id !== '' });
  if (!id || isNotFound(article.error)) return <NotFound />;
  if (article.isPending) return <Loading lines={12} />;
  if (article.isError) return <LoadError onRetry={() => void article.refetch()} />;
  return <Article key={article.data.id} article={article.data} />;
}

function NotFound() {
  const { t } = usePortalI18n();
  useDocumentTitle(t('notFound.title'));
  return <NotFoundContent />;
}
