import { useEffect } from 'react';
import { Alert, App, Button, Card, Result, Space, Typography } from 'antd';
import { Link, Navigate, useMatches, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS, qualifyingMembers, type ProjectDetail } from '@drp/domain';
import { FullPageSpin } from '../../../components/full-page-spin';
import { useSession } from '../../../features/auth/hooks/session-context';
import { ApiError } from '../../../lib/http';
import { useProjectDetail } from '../../../features/projects/api/get-project-detail';
import { useProjectStatusCounts } from '../../../features/projects/api/get-project-status-counts';
import {
  ProjectDetailView,
  ProjectNotFound,
} from '../../../features/projects/components/project-detail-view';
import { ProjectFormView } from '../../../features/projects/components/project-form';
import { ProjectList } from '../../../features/projects/components/project-list';
import { ProjectDocsCard } from '../../../features/project-docs/components/project-docs-card';
import { SurveyInfosCard } from '../../../features/survey-infos/components/survey-infos-card';
import { ReviewClockCard } from '../../../features/calendar/components/review-clock-card';
import { useProjectContext } from '../../layouts/project-layout';
import { buildingListPath } from './building-paths';
import type { ProjectArea } from './project-area';
import {
  applicationPath,
  changeDetailPath,
  editPath,
  projectDetailPath,
  projectListPath,
  workspacePath,
} from './project-paths';

const SUPERVISING: readonly ProjectArea[] = ['supervise', 'joint'];
const listPath = projectListPath;

/**
 * What every detail of an application shows below it: the review clock once accepted, the
 * attachments (read-only; the construction unit changes them on the draft's form) and, once
 * submitted, what the survey units submitted of their survey information.
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
      {/* The review clock with each round's days and the applicant's apart (issues 19, 20): the
          same for every party, once the agency has accepted the materials. */}
      {orgId && project.acceptedAt && <ReviewClockCard target={{ orgId, projectId: project.id }} />}
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

/**
 * `<area>/projects`: the applications the organisation sees; the construction unit also starts and
 * edits its own. A project's name opens its workspace at the area's default page; 查看 opens the
 * application form inside it.
 */
export function ProjectListPage({ area }: { area: ProjectArea }) {
  const apply = area === 'apply';
  const { currentOrgId, principal } = useSession();
  const members = principal ? qualifyingMembers(principal, area) : [];
  const member = members.find((m) => m.orgId === currentOrgId);
  const orgTypes = new Set(members.map((m) => m.orgType));
  const counts = useProjectStatusCounts(currentOrgId);
  return (
    <ProjectList
      key={`${area}:${currentOrgId}`}
      orgId={currentOrgId}
      source={SUPERVISING.includes(area) ? 'searchForSupervise' : 'pagelist'}
      detailPath={(id, isAlter) => applicationPath(area, id, isAlter)}
      workspacePath={member ? (id) => workspacePath(area, member, id, orgTypes) : undefined}
      editPath={apply ? editPath : undefined}
      newPath={apply ? '/sys_apply/newreport' : undefined}
      newChange={apply ? '/sys_apply/newchange' : undefined}
      showConstruct={!apply}
      buildingsPath={currentOrgId ? (id) => buildingListPath(area, currentOrgId, id) : undefined}
      statusCounts={counts.data}
    />
  );
}

/** After a draft is deleted: back to the list. */
export function useLeaveDeleted(area: ProjectArea) {
  const navigate = useNavigate();
  return () => void navigate(listPath(area), { replace: true });
}

/**
 * `reportdetail/:id` and `projects/rptinfo/:id` (`:projectId` in the joint area): one application,
 * read-only, as an item of the project's workspace (inside the project layout, as its acting member).
 */
export function ProjectDetailPage() {
  const { area, project, member } = useProjectContext();
  const leave = useLeaveDeleted(area);
  const apply = area === 'apply';
  // A change application has its own detail (a message about its submission opens this one).
  if (project.isAlter) return <Navigate to={changeDetailPath(area, project.id)} replace />;
  return (
    <Space orientation="vertical" size="middle" className="full-width">
      <ProjectDetailView
        key={`${project.id}:${member.orgId}`}
        id={project.id}
        orgId={member.orgId}
        listPath={listPath(area)}
        manage={apply}
        editPath={apply ? editPath : undefined}
        onDeleted={leave}
        buildingsPath={buildingListPath(area, member.orgId, project.id)}
      />
      <ApplicationExtras area={area} orgId={member.orgId} project={project} />
    </Space>
  );
}

/**
 * `/sys_submit/newreport`, `newreport/:id`, `newchange`, `newchange/:id` (spec §2 lists them for
 * the submit area): applications are the construction unit's (PROJECT_POLICY: application.edit
 * and alter.start are CONSTRUCT's alone), so a design or survey unit is told so and sent to the
 * application it named, or to its project list.
 */
export function SubmitNewApplicationRedirect() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { id } = useParams();
  const change = useMatches().some((m) => m.pathname.includes('/newchange'));
  useEffect(() => {
    void message.warning(t('projects.constructOnly'), LIMITS.guardMessageMs / 1000);
  }, [message, t]);
  const to = !id
    ? listPath('submit')
    : change
      ? changeDetailPath('submit', id)
      : projectDetailPath('submit', id);
  return <Navigate to={to} replace />;
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
