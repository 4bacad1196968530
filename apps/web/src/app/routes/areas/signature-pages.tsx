import { useParams } from 'react-router';
import { DrawingSetSheets } from '../../../features/drawing-sets/components/drawing-set-sheets';
import { SignatureDetail } from '../../../features/signatures/components/signature-detail';
import { SignatureList } from '../../../features/signatures/components/signature-list';
import type { ProjectTarget } from '../../../lib/project-target';
import { useProjectContext } from '../../layouts/project-layout';

const enc = encodeURIComponent;

/**
 * Where the signature screens are (spec §2): `signature` and `signature/detail/{id}` under
 * `/{area}/{orgId}/{projectId}` in the apply, submit and audit areas.
 */
function useSignatureScreen() {
  const { area, project, member } = useProjectContext();
  const target: ProjectTarget = { orgId: member.orgId, projectId: project.id };
  const listPath = `/sys_${area}/${enc(member.orgId)}/${enc(project.id)}/signature`;
  return { area, target, listPath, detailPath: (id: string) => `${listPath}/detail/${enc(id)}` };
}

export function SignatureListPage() {
  const { area, target, detailPath } = useSignatureScreen();
  return (
    <SignatureList
      key={`${target.orgId}:${target.projectId}`}
      target={target}
      detailPath={detailPath}
      agency={area === 'audit'}
    />
  );
}

export function SignatureDetailPage() {
  const { id = '' } = useParams();
  const { target, listPath } = useSignatureScreen();
  return (
    <SignatureDetail
      key={id}
      target={target}
      id={id}
      listPath={listPath}
      sheets={(setId, checks) => <DrawingSetSheets target={target} id={setId} checks={checks} />}
    />
  );
}
