import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BadActionDetail } from '../../../features/bad-actions/components/bad-action-detail';
import { BadActionForm } from '../../../features/bad-actions/components/bad-action-form';
import { BadActionList } from '../../../features/bad-actions/components/bad-action-list';
import type { ProjectTarget } from '../../../lib/project-target';
import { useProjectContext } from '../../layouts/project-layout';

const enc = encodeURIComponent;

/**
 * Where the bad-action screens are: the audit area's spec routes (`badAction`, `badAction/new`,
 * `badAction/detail/{id}`), and the supervise area's confirm screens under the project's pages
 * (`projects/{projectId}/badActions`), until that area's own lists come.
 */
function useBadActionScreen() {
  const { area, project, member } = useProjectContext();
  const target: ProjectTarget = { orgId: member.orgId, projectId: project.id };
  const listPath =
    area === 'supervise'
      ? `/sys_supervise/projects/${enc(project.id)}/badActions`
      : `/sys_audit/${enc(member.orgId)}/${enc(project.id)}/badAction`;
  return {
    area,
    target,
    listPath,
    newPath: area === 'audit' ? `${listPath}/new` : undefined,
    detailPath: (id: string) =>
      area === 'supervise' ? `${listPath}/${enc(id)}` : `${listPath}/detail/${enc(id)}`,
  };
}

export function BadActionListPage() {
  const { t } = useTranslation();
  const { area, target, newPath, detailPath } = useBadActionScreen();
  return (
    <BadActionList
      key={`${target.orgId}:${target.projectId}`}
      target={target}
      title={t(area === 'supervise' ? 'badActions.superviseTitle' : 'badActions.listTitle')}
      newPath={newPath}
      detailPath={detailPath}
    />
  );
}

export function NewBadActionPage() {
  const navigate = useNavigate();
  const { target, listPath, detailPath } = useBadActionScreen();
  return (
    <BadActionForm target={target} listPath={listPath} onRecorded={(b) => void navigate(detailPath(b.id))} />
  );
}

export function BadActionDetailPage() {
  const { id = '' } = useParams();
  const { target, listPath } = useBadActionScreen();
  return <BadActionDetail key={id} target={target} id={id} listPath={listPath} />;
}
