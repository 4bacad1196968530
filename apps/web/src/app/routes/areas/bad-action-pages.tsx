import { useNavigate, useParams } from 'react-router';
import type { BadAction } from '@drp/domain';
import { useTranslation } from 'react-i18next';
import { BadActionDetail } from '../../../features/bad-actions/components/bad-action-detail';
import { BadActionForm } from '../../../features/bad-actions/components/bad-action-form';
import { BadActionList } from '../../../features/bad-actions/components/bad-action-list';
import { sheetViewerPath } from '../../../features/sheets/sheet-viewer-path';
import type { ProjectTarget } from '../../../lib/project-target';
import { BadActionRegionPicker } from './bad-action-region-picker';
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
    <BadActionForm
      target={target}
      listPath={listPath}
      onRecorded={(b) => void navigate(detailPath(b.id))}
      regionPicker={(value, onChange) => (
        <BadActionRegionPicker target={target} value={value} onChange={onChange} />
      )}
    />
  );
}

export function BadActionDetailPage() {
  const { id = '' } = useParams();
  const { area, target, listPath } = useBadActionScreen();
  // The viewer, centred on the region's middle at its page (the viewer's deep link, ?page=&x=&y=).
  const regionPath = (b: BadAction) => {
    if (!b.region || !b.regionSheet || (area !== 'audit' && area !== 'supervise')) return null;
    const { rect } = b.region;
    const at = new URLSearchParams({
      page: String(b.region.page + 1),
      x: String(Math.round(rect.x + rect.width / 2)),
      y: String(Math.round(rect.y + rect.height / 2)),
    });
    return `${sheetViewerPath({
      area,
      orgId: target.orgId,
      projectId: target.projectId,
      versionId: b.regionSheet.versionId,
      folderId: b.regionSheet.folderId,
      fileId: b.region.fileId,
      category: b.regionSheet.category,
      review: false,
    })}?${at.toString()}`;
  };
  return <BadActionDetail key={id} target={target} id={id} listPath={listPath} regionPath={regionPath} />;
}
