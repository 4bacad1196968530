import { useNavigate } from 'react-router';
import { FullPageSpin } from '../../../components/full-page-spin';
import { OrgCreateForm } from '../../../features/orgs/components/org-create-form';
import { OrgList } from '../../../features/orgs/components/org-list';
import { usePlatformConfig } from '../../../features/platform/api/get-platform-config';

/** /sys_admin/ent: every organisation on the platform. */
export function EntListPage() {
  return <OrgList addPath="/sys_admin/ent/add" />;
}

/** /sys_admin/ent/add: a new organisation of any type with its first admin. */
export function EntAddPage() {
  const navigate = useNavigate();
  const config = usePlatformConfig();
  if (!config.data) return <FullPageSpin />;
  return (
    <OrgCreateForm
      policy={config.data.passwordPolicy}
      onCreated={() => void navigate('/sys_admin/ent')}
      onCancel={() => void navigate('/sys_admin/ent')}
    />
  );
}
