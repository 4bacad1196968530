import { Button, Card, Result } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BuildingDetailView } from '../../../features/buildings/components/building-detail-view';
import { BuildingForm } from '../../../features/buildings/components/building-form';
import { BuildingList } from '../../../features/buildings/components/building-list';
import type { ProjectTarget } from '../../../lib/project-target';
import { useProjectContext } from '../../layouts/project-layout';
import { buildingDetailPath, buildingListPath, newBuildingPath } from './building-paths';

/** The project, the acting member and what they make of the building screens. */
function useBuildingScreen() {
  const { area, project, member } = useProjectContext();
  const target: ProjectTarget = { orgId: member.orgId, projectId: project.id };
  return {
    area,
    target,
    /** Adding (and copying) buildings: the server's word on the application (`can`). */
    canAdd: project.can.addBuildings,
    listPath: buildingListPath(area, member.orgId, project.id),
    detailPath: (id: string) => buildingDetailPath(area, member.orgId, project.id, id),
  };
}

/** `buildingList` (`buildings` in supervise and joint). */
export function BuildingListPage() {
  const navigate = useNavigate();
  const { area, target, detailPath } = useBuildingScreen();
  return (
    <BuildingList
      key={`${target.orgId}:${target.projectId}`}
      target={target}
      detailPath={detailPath}
      // The submit area has a screen of its own for a new building (spec §2 `newBuilding`).
      newPath={area === 'submit' ? newBuildingPath(target.projectId) : undefined}
      onCreated={(b) => void navigate(detailPath(b.id))}
    />
  );
}

/** `/sys_submit/:projectId/newBuilding`: a design unit adds a building to the application. */
export function NewBuildingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { target, canAdd, listPath, detailPath } = useBuildingScreen();
  if (!canAdd)
    return (
      <Result
        status="warning"
        title={t('buildings.cannotAdd')}
        extra={
          <Link to={listPath}>
            <Button type="primary">{t('buildings.backToList')}</Button>
          </Link>
        }
        data-testid="cannot-add-building"
      />
    );
  return (
    <Card title={t('buildings.newTitle')} className="building-form-card">
      <BuildingForm
        target={target}
        onSaved={(b) => void navigate(detailPath(b.id))}
        onCancel={() => void navigate(listPath)}
      />
    </Card>
  );
}

/** `buildingList/:buildingId` (`…/ProjectInfo` in submit, `buildings/:buildingId` in supervise and joint). */
export function BuildingDetailPage() {
  const { buildingId = '' } = useParams();
  const navigate = useNavigate();
  const { target, canAdd, listPath } = useBuildingScreen();
  return (
    <BuildingDetailView
      key={`${target.orgId}:${buildingId}`}
      target={target}
      canAdd={canAdd}
      id={buildingId}
      listPath={listPath}
      onDeleted={() => void navigate(listPath, { replace: true })}
    />
  );
}
