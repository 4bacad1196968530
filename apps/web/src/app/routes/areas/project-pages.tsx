import { Alert, Button, Card, Result, Space, Typography } from 'antd';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AREAS, type ProjectDetail } from '@drp/domain';
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
import { ProjectDocsCard } from '../../../features/project-docs/components/project-docs-card';
import { SurveyInfosCard } from '../../../features/survey-infos/components/survey-infos-card';
import { buildingListPath } from './building-paths';
import type { ProjectArea } from './project-area';

const SUPERVISING: readonly ProjectArea[] = ['supervise', 'joint'];
const prefix = (area: ProjectArea) => AREAS[area].prefix;
const listPath = (area: ProjectArea) => `${prefix(area)}/projects`;

/** Where one application is read in each area (spec §2: reportdetail, or projects/rptinfo for supervisors). */
export const projectDetailPath = (area: ProjectArea, id: string) =>
  SUPERVISING.includes(area)
    ? `${prefix(area)}/projects/rptinfo/${encodeURIComponent(id)}`
    : `${prefix(area)}/reportdetail/${encodeURIComponent(id)}`;

/** Where one change application (变更) is read (spec §2: changedetail, under projects/ for supervisors). */
export const changeDetailPath = (area: ProjectArea, id: string) =>
  SUPERVISING.includes(area)
    ? `${prefix(area)}/projects/changedetail/${encodeURIComponent(id)}`
    : `${prefix(area)}/changedetail/${encodeURIComponent(id)}`;

/** The detail screen of either kind of application. */
export const applicationPath = (area: ProjectArea, id: string, isAlter: boolean) =>
  isAlter ? changeDetailPath(area, id) : projectDetailPath(area, id);

/** The construction unit's form of a draft: newreport, or newchange for a change application. */
export const editPath = (id: string, isAlter = false) =>
  `/sys_apply/${isAlter ? 'newchange' : 'newreport'}/${encodeURIComponent(id)}`;

export const projectListPath = listPath;

/**
 * What every detail of an application shows below it: the attachments (read-only; the
 * construction unit changes them on the draft's form) and, once submitted, what the survey units
 * submitted of their survey information.
 */
export function ApplicationExtras({
  area,
  orgId,
  project,
}: {
  area: ProjectArea;
  orgId: string | null;
  project: ProjectDetail;
}) {
  const { t } = useTranslation();
  const draft = project.status === 'DRAFT';
  return (
    <>
      <ProjectDocsCard
        projectId={project.id}
        editable={false}
        note={area === 'apply' && draft ? t('projectDocs.editInDraft') : undefined}
      />
      {orgId && project.surveyList.length > 0 && project.submitCount > 0 && (
        <SurveyInfosCard target={{ orgId, projectId: project.id }} />
      )}
    </>
  );
}

/** The attachments on the draft's form: they hang on the application, so only once it is saved. */
export function DraftDocs({ projectId }: { projectId: string | undefined }) {
  const { t } = useTranslation();
  return projectId ? (
    <ProjectDocsCard projectId={projectId} editable />
  ) : (
    <Card title={t('projectDocs.title')} data-testid="project-docs">
      <Typography.Text type="secondary">{t('projectDocs.saveFirst')}</Typography.Text>
    </Card>
  );
}

/** `<area>/projects`: the applications the organisation sees; the construction unit also starts and edits its own. */
export function ProjectListPage({ area }: { area: ProjectArea }) {
  const apply = area === 'apply';
  const { currentOrgId } = useSession();
  return (
    <ProjectList
      key={`${area}:${currentOrgId}`}
      orgId={currentOrgId}
      source={SUPERVISING.includes(area) ? 'searchForSupervise' : 'pagelist'}
      detailPath={(id, isAlter) => applicationPath(area, id, isAlter)}
      editPath={apply ? editPath : undefined}
      newPath={apply ? '/sys_apply/newreport' : undefined}
      newChange={apply ? '/sys_apply/newchange' : undefined}
      showConstruct={!apply}
      buildingsPath={currentOrgId ? (id) => buildingListPath(area, currentOrgId, id) : undefined}
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
  const detail = useProjectDetail(id, currentOrgId);
  // A change application has its own detail (a message about its submission opens this one).
  if (detail.data?.isAlter) return <Navigate to={changeDetailPath(area, id)} replace />;
  return (
    <Space orientation="vertical" size="middle" className="full-width">
      <ProjectDetailView
        key={`${id}:${currentOrgId}`}
        id={id}
        orgId={currentOrgId}
        listPath={listPath(area)}
        manage={apply}
        editPath={apply ? editPath : undefined}
        onDeleted={() => void navigate(listPath(area), { replace: true })}
        buildingsPath={currentOrgId ? buildingListPath(area, currentOrgId, id) : undefined}
      />
      {detail.data && <ApplicationExtras area={area} orgId={currentOrgId} project={detail.data} />}
    </Space>
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
  if (project.data?.isAlter) return <Navigate to={editPath(project.data.id, true)} replace />;
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
    >
      <DraftDocs projectId={id} />
    </ProjectFormView>
  );
}
