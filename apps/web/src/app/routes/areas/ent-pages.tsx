import { Alert, Card, Tabs } from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FullPageSpin } from '../../../components/full-page-spin';
import { useOrgDetail } from '../../../features/orgs/api/org-calls';
import { OrgCreateForm } from '../../../features/orgs/components/org-create-form';
import { OrgDetailView } from '../../../features/orgs/components/org-detail-view';
import { OrgList } from '../../../features/orgs/components/org-list';
import { usePlatformConfig } from '../../../features/platform/api/get-platform-config';
import { ApplicationList } from '../../../features/registration/components/application-list';
import { ApplicationReview } from '../../../features/registration/components/application-review';

/** /sys_admin/ent: the organisations on the platform and the registrations waiting to join. */
export function EntListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'applications' ? 'applications' : 'orgs';
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === 'applications' ? { tab: key } : {})}
      items={[
        {
          key: 'orgs',
          label: t('orgs.title'),
          children: <OrgList title={t('orgs.title')} addPath="/sys_admin/ent/add" canToggle />,
        },
        {
          key: 'applications',
          label: t('register.applications'),
          children: (
            <Card>
              <ApplicationList reviewPath={(id) => `/sys_admin/ent/${id}`} />
            </Card>
          ),
        },
      ]}
    />
  );
}

/** /sys_admin/ent/:id: the review of one registration application. */
export function EntReviewPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return <ApplicationReview id={id} onDecided={() => void navigate('/sys_admin/ent?tab=applications')} />;
}

/** /sys_admin/ent/add: a new organisation of any type with its first admin. */
export function EntAddPage() {
  const navigate = useNavigate();
  const config = usePlatformConfig();
  if (!config.data) return <FullPageSpin />;
  return (
    <OrgCreateForm
      withAdmin
      policy={config.data.passwordPolicy}
      onCreated={() => void navigate('/sys_admin/ent')}
      onCancel={() => void navigate('/sys_admin/ent')}
    />
  );
}

/** /sys_info/ent: the enterprise directory. */
export function DirectoryListPage() {
  const { t } = useTranslation();
  return (
    <OrgList
      title={t('orgs.directoryTitle')}
      addPath="/sys_info/ent/add"
      detailPath={(id) => `/sys_info/ent/detail/${id}`}
      editPath={(id) => `/sys_info/ent/add/${id}`}
    />
  );
}

/** /sys_info/ent/detail/:id. */
export function DirectoryDetailPage() {
  const { id = '' } = useParams();
  return <OrgDetailView id={id} editPath={`/sys_info/ent/add/${id}`} />;
}

/** /sys_info/ent/add and /sys_info/ent/add/:id: add an entry, or correct the one named. */
export function DirectoryEditPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const config = usePlatformConfig();
  const entry = useOrgDetail(id);
  if (!config.data || (id && !entry.data && !entry.isError)) return <FullPageSpin />;
  if (id && entry.isError) return <Alert type="error" showIcon title={entry.error.message} />;
  const done = () => void navigate(id ? `/sys_info/ent/detail/${id}` : '/sys_info/ent');
  return (
    <OrgCreateForm
      key={id ?? 'new'}
      withAdmin={false}
      entry={entry.data}
      policy={config.data.passwordPolicy}
      onCreated={done}
      onCancel={done}
    />
  );
}
