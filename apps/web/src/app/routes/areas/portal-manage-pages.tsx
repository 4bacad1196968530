import { Alert } from 'antd';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { PORTAL_CATEGORY_KEYS } from '@drp/domain';
import { FullPageSpin } from '../../../components/full-page-spin';
import { useManageArticle } from '../../../features/portal/api/manage-articles';
import { ManageArticleForm } from '../../../features/portal/components/manage-article-form';
import { ManageArticleList } from '../../../features/portal/components/manage-article-list';
import { ManageCredit } from '../../../features/portal/components/manage-credit';
import { ManageForum } from '../../../features/portal/components/manage-forum';
import { ManageSiteForm } from '../../../features/portal/components/manage-site-form';

/** /sys_info/portal/articles: every portal article, drafts too. */
export function PortalArticleListPage() {
  return <ManageArticleList />;
}

/** /sys_info/portal/articles/new (`?category=` preselects one) and /sys_info/portal/articles/:id. */
export function PortalArticleEditPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const article = useManageArticle(id);
  // The save that created the article said its body was cleaned; say it again here.
  const cleanedBefore = (location.state as { bodyCleaned?: boolean } | null)?.bodyCleaned === true;
  if (!id)
    return (
      <ManageArticleForm
        key="new"
        category={PORTAL_CATEGORY_KEYS.find((c) => c === params.get('category'))}
      />
    );
  if (article.isError) return <Alert type="error" showIcon title={article.error.message} />;
  if (!article.data) return <FullPageSpin />;
  return <ManageArticleForm key={id} article={article.data} cleanedBefore={cleanedBefore} />;
}

/** /sys_info/portal/credit: the commendations and bulletins of credit information. */
export function PortalCreditPage() {
  return <ManageCredit />;
}

/** /sys_info/portal/site: the portal's link lists and footer. */
export function PortalSitePage() {
  return <ManageSiteForm />;
}

/** /sys_info/portal/forum: moderation of the discussion topics and replies. */
export function PortalForumPage() {
  return <ManageForum />;
}
