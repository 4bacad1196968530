import { useEffect } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { usePortalI18n } from './i18n/portal-i18n';
import { PortalLayout } from './layout/portal-layout';
import { SectionLayout } from './layout/section-layout';
import { ArticleDetailPage } from './pages/article-detail-page';
import { ArticleListPage } from './pages/article-list-page';
import { CreditListPage } from './pages/credit-list-page';
import { ForumPage } from './pages/forum-page';
import { HomePage } from './pages/home-page';
import { ReviewBuildingPage, ReviewRecordPage } from './pages/review-record-page';
import { ReviewRecordSearchPage } from './pages/review-record-search-page';
import { ASSOCIATION_PAGES, CATEGORY_LIST_PATH, CREDIT_LIST_KEYS, CREDIT_LIST_PATHS } from './portal-links';
import { PORTAL_PREFIX, REVIEW_RECORDS_PATH } from './portal-paths';

/** A path the portal does not have: the app's /common/404, by a full page load (its bundle). */
function LeaveToNotFound() {
  useEffect(() => {
    window.location.replace('/common/404');
  }, []);
  return null;
}

function AssociationLayout() {
  const { t, messages } = usePortalI18n();
  return (
    <SectionLayout
      title={t('menu.creditBuilding')}
      links={Object.values(ASSOCIATION_PAGES).map((c) => ({
        label: messages.categories[c],
        to: CATEGORY_LIST_PATH[c],
      }))}
    />
  );
}

function CreditInformationLayout() {
  const { t, messages } = usePortalI18n();
  return (
    <SectionLayout
      title={t('menu.creditInfo')}
      links={CREDIT_LIST_KEYS.map((list) => ({
        label: messages.creditLists[list],
        to: CREDIT_LIST_PATHS[list],
      }))}
    />
  );
}

function PolicyList({ category }: { category: 'MINISTERIAL_FILE' | 'PROVINCIAL_FILE' | 'OTHER_FILE' }) {
  const { t } = usePortalI18n();
  return <ArticleListPage category={category} parent={t('menu.policy')} withAttachments />;
}

function CreditBuildingList({
  category,
}: {
  category: (typeof ASSOCIATION_PAGES)[keyof typeof ASSOCIATION_PAGES];
}) {
  const { t } = usePortalI18n();
  return <ArticleListPage category={category} parent={t('menu.creditBuilding')} />;
}

/**
 * The screens of spec §2 under /sys_out_sys. Item ids: `noticeDetail/{id}` for items with a
 * body, `emptyDetail?id={id}` for those without, `forumDetail?id={topic}`. The public review
 * record (`/common/reviewInfoSearch` and its details) shares the portal's layout and menu.
 */
export const portalRoutes: RouteObject[] = [
  {
    element: <PortalLayout />,
    children: [
      {
        path: REVIEW_RECORDS_PATH,
        children: [
          { index: true, element: <ReviewRecordSearchPage /> },
          { path: 'buildingFilingDetail/:id', element: <ReviewRecordPage /> },
          { path: 'buildingFilingDetail2/:id', element: <ReviewBuildingPage /> },
          { path: '*', element: <LeaveToNotFound /> },
        ],
      },
      {
        path: PORTAL_PREFIX,
        children: [
          { index: true, element: <Navigate to="home" replace /> },
          { path: 'home', element: <HomePage /> },
          { path: 'noticeList', element: <ArticleListPage category="NOTICE" /> },
          { path: 'noticeDetail/:id', element: <ArticleDetailPage /> },
          { path: 'homeList', element: <ArticleListPage /> },
          { path: 'ministerialFile', element: <PolicyList category="MINISTERIAL_FILE" /> },
          { path: 'provincialFile', element: <PolicyList category="PROVINCIAL_FILE" /> },
          { path: 'otherFile', element: <PolicyList category="OTHER_FILE" /> },
          { path: 'emptyDetail', element: <ArticleDetailPage /> },
          { path: 'forumDetail', element: <ForumPage /> },
          {
            path: 'associationDetail',
            element: <AssociationLayout />,
            children: [
              { index: true, element: <Navigate to="creditList" replace /> },
              ...Object.entries(ASSOCIATION_PAGES).map(([path, category]) => ({
                path,
                element: <CreditBuildingList category={category} />,
              })),
            ],
          },
          {
            path: 'creditInformation',
            element: <CreditInformationLayout />,
            children: [
              { index: true, element: <Navigate to="commendationList" replace /> },
              ...CREDIT_LIST_KEYS.map((list) => ({
                path: list,
                element: <CreditListPage key={list} list={list} />,
              })),
            ],
          },
          { path: '*', element: <LeaveToNotFound /> },
        ],
      },
    ],
  },
  { path: '*', element: <LeaveToNotFound /> },
];

export const createPortalRouter = () => createBrowserRouter(portalRoutes);
