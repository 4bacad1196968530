import { useParams } from 'react-router';
import { ProjectNoticeDetail } from '../../../features/messages/components/project-notice-detail';
import { ProjectNoticeList } from '../../../features/messages/components/project-notice-list';
import type { ProjectTarget } from '../../../lib/project-target';
import { useProjectContext } from '../../layouts/project-layout';

const enc = encodeURIComponent;

/** The audit area's `notifications` and `notification/{id}` (spec §2). */
function useNoticeScreen() {
  const { project, member } = useProjectContext();
  const target: ProjectTarget = { orgId: member.orgId, projectId: project.id };
  const base = `/sys_audit/${enc(member.orgId)}/${enc(project.id)}`;
  return {
    target,
    listPath: `${base}/notifications`,
    detailPath: (id: string) => `${base}/notification/${enc(id)}`,
  };
}

export function ProjectNoticeListPage() {
  const { target, detailPath } = useNoticeScreen();
  return (
    <ProjectNoticeList key={`${target.orgId}:${target.projectId}`} target={target} detailPath={detailPath} />
  );
}

export function ProjectNoticeDetailPage() {
  const { id = '' } = useParams();
  const { target, listPath } = useNoticeScreen();
  return <ProjectNoticeDetail key={id} target={target} id={id} listPath={listPath} />;
}
