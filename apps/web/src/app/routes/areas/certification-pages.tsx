import { Space } from 'antd';
import { useParams } from 'react-router';
import { CertificateDetail } from '../../../features/certificates/components/certificate-detail';
import { CertificateList } from '../../../features/certificates/components/certificate-list';
import { DrawingSetCard } from '../../../features/drawing-sets/components/drawing-set-card';
import type { ProjectTarget } from '../../../lib/project-target';
import { useProjectContext } from '../../layouts/project-layout';

const enc = encodeURIComponent;

/**
 * Where the certificate screens are (spec §2): `certification` and `certification/detail/{id}`
 * under `/sys_audit/{orgId}/{projectId}`; its signing is on the area's `signature` screens.
 */
function useCertificationScreen() {
  const { area, project, member } = useProjectContext();
  const target: ProjectTarget = { orgId: member.orgId, projectId: project.id };
  const base = `/sys_${area}/${enc(member.orgId)}/${enc(project.id)}`;
  const listPath = `${base}/certification`;
  return {
    area,
    target,
    listPath,
    detailPath: (id: string) => `${listPath}/detail/${enc(id)}`,
    signaturePath: (id: string) => `${base}/signature/detail/${enc(id)}`,
  };
}

/** The certificate and, beside it, the sealed drawing set the agency issues with it. */
export function CertificationListPage() {
  const { area, target, detailPath, signaturePath } = useCertificationScreen();
  return (
    <Space
      orientation="vertical"
      size={16}
      style={{ width: '100%' }}
      key={`${target.orgId}:${target.projectId}`}
    >
      <CertificateList target={target} detailPath={detailPath} agency={area === 'audit'} />
      {area === 'audit' && <DrawingSetCard target={target} signaturePath={signaturePath} />}
    </Space>
  );
}

export function CertificationDetailPage() {
  const { id = '' } = useParams();
  const { target, listPath, signaturePath } = useCertificationScreen();
  return (
    <CertificateDetail
      key={id}
      target={target}
      id={id}
      listPath={listPath}
      signaturePath={signaturePath(id)}
    />
  );
}
