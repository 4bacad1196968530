import { Alert, Button, Result } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AREAS, type AreaKey } from '@drp/domain';
import { FullPageSpin } from '../../../components/full-page-spin';
import { useSession } from '../../../features/auth/hooks/session-context';
import { ApiError } from '../../../lib/http';
import { useProjectDetail } from '../../../features/projects/api/get-project-detail';
import {
  ProjectDetailView,
  ProjectNotFound,
} from '../../../features/projects/components/project-detail-view';
import { ProjectFormView } from '../../../features/projects/components/project-form';
import { ProjectList } from '../../../features/projects/components/project-list';

/** The areas whose project screens these pages serve. */
export type ProjectArea = Extract<AreaKey, 'apply' | 'submit' | 'audit' | 'supervise' | 'joint'>;

const SUPERVISING: readonly ProjectArea[] = ['supervise', 'joint'];
const prefix = (area: ProjectArea) => AREAS[area].prefix;
const listPath = (area: ProjectArea) => `${prefix(area)}/projects`;

/** Where one application is read in each area (spec §2: reportdetail, or projects/rptinfo for supervisors). */
export const projectDetailPath = (area: ProjectArea, id: string) =>
  SUPERVISING.includes(area)
    ? `${prefix(area)}/projects/rptinfo/${encodeURIComponent(id)}`
    : `${prefix(area)}/reportdetail/${encodeURIComponent(id)}`;

const editPath = (id: string) => `/sys_apply/newreport/${encodeURIComponent(id)}`;

/** `<area>/projects`: the applications the organisation sees; the construction unit also starts and edits its own. */
export function ProjectListPage({ area }: { area: ProjectArea }) {
  const apply = area === 'apply';
  const { currentOrgId } = useSession();
  return (
    <ProjectList
      key={`${area}:${currentOrgId}`}
      orgId={currentOrgId}
      source={SUPERVISING.includes(area) ? 'searchForSupervise' : 'pagelist'}
      detailPath={(id) => projectDetailPath(area, id)}
      editPath={apply ? editPath : undefined}
      newPath={apply ? '/sys_apply/newreport' : undefined}
      showConstruct={!apply}
    />
  );
}

/** `reportdetail/:id` and `projects/rptinfo/:id` (`:projectId` in the joint area): one application, read-only. */
export function ProjectDetailPage({ area }: { area: ProjectArea }) {
  const params = useParams();
  const navigate = useNavigate();
  const id = params.id ?? params.projectId ?? '';
  const apply = area === 'apply';
  const { currentOrgId } = useSession();
  return (
    <ProjectDetailView
      key={`${id}:${currentOrgId}`}
      id={id}
      orgId={currentOrgId}
      listPath={listPath(area)}
      manage={apply}
      editPath={apply ? editPath : undefined}
      onDeleted={() => void navigate(listPath(area), { replace: true })}
    />
  );
}

/** `/sys_apply/newreport` and `/sys_apply/newreport/:id`: a new draft, or a draft to change. */
export function NewReportPage() {
  const { id } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const orgId = session.currentOrgId;
  const project = useProjectDetail(id, orgId);

  if (!orgId || (id && project.isPending)) return <FullPageSpin />;
  if (id && project.isError)
    return project.error instanceof ApiError && project.error.status === 404 ? (
      <ProjectNotFound backPath={listPath('apply')} />
    ) : (
      <Alert type="error" showIcon title={project.error.message} />
    );
  if (project.data && project.data.status !== 'DRAFT')
    return (
      <Result
        status="warning"
        title={t('projects.notDraft')}
        extra={
          <Link to={projectDetailPath('apply', project.data.id)}>
            <Button type="primary">{t('projects.backToDetail')}</Button>
          </Link>
        }
      />
    );
  return (
    <ProjectFormView
      key={`${orgId}:${id ?? 'new'}`}
      orgId={orgId}
      project={project.data}
      defaultContactName={session.account?.account.name}
      onSaved={(saved) => void navigate(projectDetailPath('apply', saved))}
      onCancel={() => void navigate(id ? projectDetailPath('apply', id) : listPath('apply'))}
    />
  );
}
