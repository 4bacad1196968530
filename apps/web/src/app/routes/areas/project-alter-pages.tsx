import { Alert, Button, Result, Skeleton, Space } from 'antd';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { ProjectDic } from '@drp/domain';
import { FullPageSpin } from '../../../components/full-page-spin';
import { useSession } from '../../../features/auth/hooks/session-context';
import { passedBuildingsQuery } from '../../../features/project-alters/api/get-passed-buildings';
import { useProjectAlter } from '../../../features/project-alters/api/get-project-alter';
import { useSaveAlter } from '../../../features/project-alters/api/save-alter';
import { AlterFormSections } from '../../../features/project-alters/components/alter-form-sections';
import { AlterSummary } from '../../../features/project-alters/components/alter-summary';
import type { AlterValues } from '../../../features/project-alters/hooks/use-alter-rules';
import { projectDetailQuery } from '../../../features/projects/api/get-project-detail';
import { PROJECTS_KEY } from '../../../lib/project-target';
import {
  ProjectDetailView,
  ProjectNotFound,
} from '../../../features/projects/components/project-detail-view';
import {
  ProjectFormView,
  type ProjectFormExtension,
} from '../../../features/projects/components/project-form';
import { ApiError } from '../../../lib/http';
import { buildingListPath } from './building-paths';
import { ApplicationExtras, DraftDocs, useLeaveDeleted } from './project-pages';
import { changeDetailPath, editPath, projectDetailPath, projectListPath } from './project-paths';
import { useProjectContext } from '../../layouts/project-layout';

/**
 * `changedetail/:id` (apply, submit, audit), `projects/changedetail/:id` (supervise) and
 * `projects/changedetail/:projectId` (joint): a change application read-only, its change part
 * above the application, with the construction unit's actions as for any application. An item of
 * the project's workspace (inside the project layout, as its acting member).
 */
export function ChangeDetailPage() {
  const { area, project, member } = useProjectContext();
  const leave = useLeaveDeleted(area);
  const id = project.id;
  const orgId = member.orgId;
  const apply = area === 'apply';
  const alter = useProjectAlter(project.isAlter ? id : undefined, orgId);

  // A first application has its own detail.
  if (!project.isAlter) return <Navigate to={projectDetailPath(area, id)} replace />;
  return (
    <Space orientation="vertical" size="middle" className="full-width">
      <ProjectDetailView
        key={`${id}:${orgId}`}
        id={id}
        orgId={orgId}
        listPath={projectListPath(area)}
        manage={apply}
        editPath={apply ? editPath : undefined}
        onDeleted={leave}
        buildingsPath={buildingListPath(area, orgId, id)}
      >
        {alter.data ? (
          <AlterSummary alter={alter.data} />
        ) : alter.isError ? (
          <Alert type="error" showIcon title={alter.error.message} />
        ) : (
          <Skeleton active title={false} paragraph={{ rows: 4 }} data-testid="alter-loading" />
        )}
      </ProjectDetailView>
      <ApplicationExtras area={area} orgId={orgId} project={project} />
    </Space>
  );
}

/**
 * `/sys_apply/newchange` and `/sys_apply/newchange/:id`: a change application of a project that
 * passed review, new or a draft to change. The application form of a first application with the
 * change's own part (passed buildings, what it touches, what changed and why); a new one is filled
 * in from the latest passed application of the chosen project. Attachments once it is saved.
 */
export function NewChangePage() {
  const { id } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const orgId = session.currentOrgId;
  const alter = useProjectAlter(id, orgId);
  const save = useSaveAlter();

  if (!orgId || (id && alter.isPending)) return <FullPageSpin />;
  if (id && alter.isError)
    return alter.error instanceof ApiError && alter.error.status === 404 ? (
      <ProjectNotFound backPath={projectListPath('apply')} />
    ) : (
      <Alert type="error" showIcon title={alter.error.message} />
    );
  const current = alter.data;
  if (current && current.project.status !== 'DRAFT')
    return (
      <Result
        status="warning"
        title={t('projectAlters.notDraft')}
        extra={
          <Link to={changeDetailPath('apply', current.projectId)}>
            <Button type="primary">{t('projectAlters.backToDetail')}</Button>
          </Link>
        }
      />
    );

  /** The latest passed application of the project master, whose values a new change starts from. */
  const prefill = async (dic: ProjectDic) => {
    const buildings = await queryClient.fetchQuery(passedBuildingsQuery(dic.id));
    const latest = [...buildings].sort((a, b) => b.projectCode.localeCompare(a.projectCode))[0];
    if (!latest) return undefined;
    const source = await queryClient.fetchQuery(projectDetailQuery(latest.projectId, orgId));
    // A change of passed drawings is reviewed at the design-change stage, not the first one.
    return { ...source, stage: 'DESIGN_CHANGE' };
  };

  const extension: ProjectFormExtension<AlterValues> = {
    steps: [t('projectAlters.steps.dic'), t('projectAlters.steps.form')],
    title: current ? t('projectAlters.editTitle') : t('projectAlters.formTitle'),
    passedMastersOnly: true,
    noneQualifies: (
      <Result
        status="info"
        title={t('projectAlters.noneQualifies')}
        subTitle={t('projectAlters.noneQualifiesText')}
        extra={
          <Link to={projectListPath('apply')}>
            <Button>{t('projectAlters.backToList')}</Button>
          </Link>
        }
        data-testid="no-passed-project"
      />
    ),
    sections: (dicId) => <AlterFormSections dicId={dicId} />,
    initialValues: current
      ? {
          buildingIds: current.buildings.map((b) => b.sourceBuildingId),
          categories: current.categories,
          content: current.content,
          reason: current.reason,
        }
      : { buildingIds: [], categories: [] },
    prefill,
    save: async (form, extra) => {
      const saved = await save.mutateAsync({
        id: current?.projectId,
        form,
        buildingIds: extra.buildingIds ?? [],
        categories: extra.categories ?? [],
        content: extra.content ?? '',
        reason: extra.reason ?? '',
      });
      // The lists and the application's detail show it too.
      await queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
      return saved.id;
    },
    savedMessage: t('projectAlters.saved'),
  };

  return (
    <ProjectFormView<AlterValues>
      key={`${orgId}:${id ?? 'new'}`}
      orgId={orgId}
      project={current?.project}
      defaultContactName={session.account?.account.name}
      extension={extension}
      onSaved={(saved) => void navigate(changeDetailPath('apply', saved))}
      onCancel={() => void navigate(id ? changeDetailPath('apply', id) : projectListPath('apply'))}
    >
      <DraftDocs projectId={id} />
    </ProjectFormView>
  );
}
