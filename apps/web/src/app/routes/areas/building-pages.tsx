import { Button, Card, Result } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BuildingDetailView } from '../../../features/buildings/components/building-detail-view';
import { BuildingForm } from '../../../features/buildings/components/building-form';
import { BuildingList } from '../../../features/buildings/components/building-list';
import {
  canAddBuilding,
  decides,
  partOf,
  type BuildingScope,
} from '../../../features/buildings/hooks/building-permissions';
import { useProjectContext } from '../../layouts/project-layout';
import { buildingDetailPath, buildingListPath, newBuildingPath } from './building-paths';

/** The project, the acting member and what they make of the building screens. */
function useBuildingScreen() {
  const { area, project, member } = useProjectContext();
  const scope: BuildingScope = {
    orgId: member.orgId,
    projectId: project.id,
    part: partOf(member),
    decides: decides(member),
    project: { status: project.status, acceptedAt: project.acceptedAt },
  };
  return {
    area,
    scope,
    listPath: buildingListPath(area, member.orgId, project.id),
    detailPath: (id: string) => buildingDetailPath(area, member.orgId, project.id, id),
  };
}

/** `buildingList` (`buildings` in supervise and joint). */
export function BuildingListPage() {
  const navigate = useNavigate();
  const { area, scope, detailPath } = useBuildingScreen();
  return (
    <BuildingList
      key={`${scope.orgId}:${scope.projectId}`}
      scope={scope}
      detailPath={detailPath}
      // The submit area has a screen of its own for a new building (spec §2 `newBuilding`).
      newPath={area === 'submit' ? newBuildingPath(scope.projectId) : undefined}
      onCreated={(b) => void navigate(detailPath(b.id))}
    />
  );
}

/** `/sys_submit/:projectId/newBuilding`: a design unit adds a building to the application. */
export function NewBuildingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { scope, listPath, detailPath } = useBuildingScreen();
  if (!canAddBuilding(scope))
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
        scope={scope}
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
  const { scope, listPath } = useBuildingScreen();
  return (
    <BuildingDetailView
      key={`${scope.orgId}:${buildingId}`}
      scope={scope}
      id={buildingId}
      listPath={listPath}
      onDeleted={() => void navigate(listPath, { replace: true })}
    />
  );
}
