import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { CreditEntry, PortalArticleSummary, PortalCategory, PortalHome } from '@drp/domain';
import { homeQuery } from '../api/portal-queries';
import { BannerCarousel } from '../components/banner-carousel';
import { formatDate, formatDateTime } from '../components/format';
import { LoadError } from '../components/page-state';
import { useDocumentTitle } from '../components/use-document-title';
import { usePortalI18n } from '../i18n/portal-i18n';
import {
  CATEGORY_LIST_PATH,
  CREDIT_LIST_PATHS,
  FORUM_PATH,
  articlePath,
  forumTopicPath,
} from '../portal-links';

/** The order of the home page's sections; the first sits beside the banner. */
const HOME_CATEGORIES: PortalCategory[] = [
  'NOTICE',
  'MINISTERIAL_FILE',
  'PROVINCIAL_FILE',
  'OTHER_FILE',
  'STANDARD',
  'REVIEW_NEWS',
  'CREDIT_DOC',
  'CREDIT_PROVINCE_NEWS',
  'CREDIT_LOCAL_NEWS',
  'CREDIT_FIELD_NEWS',
];

const ROWS = 6;

function Section({
  id,
  title,
  more,
  testId,
  moreTestId,
  children,
}: {
  id: string;
  title: string;
  more: string;
  testId?: string;
  moreTestId?: string;
  children: ReactNode;
}) {
  const { t } = usePortalI18n();
  return (
    <section className="portal-card" aria-labelledby={`home-${id}`} data-testid={testId}>
      <div className="portal-card-head">
        <h2 id={`home-${id}`}>{title}</h2>
        <Link to={more} className="portal-more" data-testid={moreTestId}>
          {t('home.more')}
          <span className="sr-only">{title}</span>
        </Link>
      </div>
      {children}
    </section>
  );
}

function ArticleRows({ items, loading }: { items: PortalArticleSummary[] | undefined; loading: boolean }) {
  const { t } = usePortalI18n();
  if (loading) return <SkeletonRows />;
  if (!items?.length) return <p className="portal-empty">{t('list.empty')}</p>;
  return (
    <ul className="portal-rows">
      {items.slice(0, ROWS).map((item) => (
        <li key={item.id}>
          {item.pinned && <span className="portal-tag">{t('list.pinned')}</span>}
          <Link to={articlePath(item)} data-testid="portal-item" className="portal-row-title">
            {item.title}
          </Link>
          <time dateTime={formatDate(item.publishDate)}>{formatDate(item.publishDate)}</time>
        </li>
      ))}
    </ul>
  );
}

function SkeletonRows() {
  return (
    <ul className="portal-rows" aria-hidden="true">
      {Array.from({ length: ROWS }, (_, i) => (
        <li key={i}>
          <span className="portal-skeleton-line" />
        </li>
      ))}
    </ul>
  );
}

function CreditRows({ items, loading }: { items: CreditEntry[] | undefined; loading: boolean }) {
  const { t } = usePortalI18n();
  if (loading) return <SkeletonRows />;
  if (!items?.length) return <p className="portal-empty">{t('list.empty')}</p>;
  return (
    <ul className="portal-rows">
      {items.slice(0, ROWS).map((entry) => (
        <li key={entry.id} data-testid="portal-credit-item">
          <span className="portal-row-title">{entry.orgName}</span>
          <time dateTime={formatDate(entry.issuedOn)}>{formatDate(entry.issuedOn)}</time>
        </li>
      ))}
    </ul>
  );
}

function latestOf(home: PortalHome | undefined, category: PortalCategory) {
  return home?.latest.find((l) => l.category === category)?.items;
}

/** `/sys_out_sys/home`: the banner and the latest of every category, each with its "更多". */
export function HomePage() {
  const { t, messages } = usePortalI18n();
  useDocumentTitle(undefined);
  const home = useQuery(homeQuery);
  const loading = home.isPending;
  const [first, ...rest] = HOME_CATEGORIES;
  const section = (category: PortalCategory) => (
    <Section
      key={category}
      id={category}
      title={messages.categories[category]}
      more={CATEGORY_LIST_PATH[category]}
      testId={`portal-section-${category}`}
      moreTestId={`portal-more-${category}`}
    >
      <ArticleRows items={latestOf(home.data, category)} loading={loading} />
    </Section>
  );

  return (
    <div className="portal-home">
      <h1 className="sr-only">
        {t('site.title')} {t('home.title')}
      </h1>
      {home.isError && <LoadError onRetry={() => void home.refetch()} />}
      <div className="portal-home-top">
        <BannerCarousel items={loading ? undefined : home.data?.banner} />
        {section(first!)}
      </div>
      <div className="portal-grid">{rest.map(section)}</div>
      <div className="portal-grid portal-grid-wide">
        <Section
          id="commendations"
          title={t('credit.commendations')}
          more={CREDIT_LIST_PATHS.commendationList}
        >
          <CreditRows items={home.data?.commendations} loading={loading} />
        </Section>
        <Section id="criticisms" title={t('credit.criticisms')} more={CREDIT_LIST_PATHS.criticismList}>
          <CreditRows items={home.data?.criticisms} loading={loading} />
        </Section>
        <Section id="forum" title={t('home.forum')} more={FORUM_PATH}>
          {loading ? (
            <SkeletonRows />
          ) : home.data?.forum.length ? (
            <ul className="portal-rows">
              {home.data.forum.slice(0, ROWS).map((topic) => (
                <li key={topic.id}>
                  <Link
                    to={forumTopicPath(topic.id)}
                    className="portal-row-title"
                    data-testid="portal-forum-item"
                  >
                    {topic.title}
                  </Link>
                  <span className="portal-muted">{t('forum.replyCount', { count: topic.replyCount })}</span>
                  <time dateTime={topic.createdAt} className="portal-hide-narrow">
                    {formatDateTime(topic.createdAt).slice(0, 10)}
                  </time>
                </li>
              ))}
            </ul>
          ) : (
            <p className="portal-empty">{t('home.noForum')}</p>
          )}
        </Section>
      </div>
    </div>
  );
}
