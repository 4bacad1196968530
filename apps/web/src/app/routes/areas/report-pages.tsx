import { useParams } from 'react-router';
import { ReportDetail } from '../../../features/reports/components/report-detail';
import { ReportList } from '../../../features/reports/components/report-list';
import type { ProjectTarget } from '../../../lib/project-target';
import { useProjectContext } from '../../layouts/project-layout';

const enc = encodeURIComponent;

/**
 * Where the opinion-report screens are (spec §2): `report` and `report/detail/{id}` under
 * `/{area}/{orgId}/{projectId}` in the apply, submit and audit areas; `reports` and
 * `reports/detail/{id}` under `projects/{projectId}` in the supervise and joint areas.
 */
function useReportScreen() {
  const { area, project, member } = useProjectContext();
  const target: ProjectTarget = { orgId: member.orgId, projectId: project.id };
  const listPath =
    area === 'supervise' || area === 'joint'
      ? `/sys_${area}/projects/${enc(project.id)}/reports`
      : `/sys_${area}/${enc(member.orgId)}/${enc(project.id)}/report`;
  // The signature screens are in the parties' areas only (spec §2).
  const signaturePath =
    area === 'supervise' || area === 'joint'
      ? null
      : (id: string) => `/sys_${area}/${enc(member.orgId)}/${enc(project.id)}/signature/detail/${enc(id)}`;
  return {
    area,
    target,
    listPath,
    signaturePath,
    detailPath: (id: string) => `${listPath}/detail/${enc(id)}`,
  };
}

export function ReportListPage() {
  const { area, target, detailPath } = useReportScreen();
  return (
    <ReportList
      key={`${target.orgId}:${target.projectId}`}
      target={target}
      detailPath={detailPath}
      agency={area === 'audit'}
    />
  );
}

export function ReportDetailPage() {
  const { id = '' } = useParams();
  const { target, listPath, signaturePath } = useReportScreen();
  return (
    <ReportDetail
      key={id}
      target={target}
      id={id}
      listPath={listPath}
      signaturePath={signaturePath ? signaturePath(id) : null}
    />
  );
}
