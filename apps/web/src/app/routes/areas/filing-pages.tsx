import { useParams } from 'react-router';
import type { FilingFlag } from '@drp/domain';
import { FilingApprovalList } from '../../../features/filings/components/filing-approval-list';
import { FilingDetail } from '../../../features/filings/components/filing-detail';
import { ProjectFilingList } from '../../../features/filings/components/project-filing-list';
import { useProjectContext } from '../../layouts/project-layout';

const enc = encodeURIComponent;

/** `filing` under `/sys_audit/{orgId}/{projectId}` (spec §2): the application's filings. */
export function ProjectFilingPage() {
  const { project, member } = useProjectContext();
  const base = `/sys_audit/${enc(member.orgId)}/${enc(project.id)}/filing`;
  return (
    <ProjectFilingList
      key={`${member.orgId}:${project.id}`}
      target={{ orgId: member.orgId, projectId: project.id }}
      detailPath={(id) => `${base}/detail/${enc(id)}`}
    />
  );
}

/** `filing/detail/{filingId}` in the audit area. */
export function ProjectFilingDetailPage() {
  const { filingId = '' } = useParams();
  const { project, member } = useProjectContext();
  return (
    <FilingDetail
      key={filingId}
      id={filingId}
      orgId={member.orgId}
      backPath={`/sys_audit/${enc(member.orgId)}/${enc(project.id)}/filing`}
    />
  );
}

/** `approval/tbc|confirmed|rejected` in the supervise area: one screen, the flag in the path. */
export function FilingApprovalPage({ flag }: { flag: FilingFlag }) {
  return (
    <FilingApprovalList
      key={flag}
      flag={flag}
      detailPath={(id) => `/sys_supervise/filing/detail/${enc(id)}`}
    />
  );
}

/** `filing/detail/{filingId}` in the supervise area. */
export function SuperviseFilingDetailPage() {
  const { filingId = '' } = useParams();
  return <FilingDetail key={filingId} id={filingId} backPath="/sys_supervise/approval/tbc" />;
}
