import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FullPageSpin } from '../../../components/full-page-spin';
import { useOrgDetail } from '../../../features/orgs/api/org-calls';
import { OrgCreateForm } from '../../../features/orgs/components/org-create-form';
import { OrgDetailView } from '../../../features/orgs/components/org-detail-view';
import { OrgList } from '../../../features/orgs/components/org-list';
import { usePlatformConfig } from '../../../features/platform/api/get-platform-config';

/** /sys_admin/ent: every organisation on the platform. */
export function EntListPage() {
  const { t } = useTranslation();
  return <OrgList title={t('orgs.title')} addPath="/sys_admin/ent/add" canToggle />;
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
  if (id && entry.isError) return <OrgDetailView id={id} editPath="" />;
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
