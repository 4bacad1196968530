import { useParams } from 'react-router';
import { MissionDetail } from '../../../features/missions/components/mission-detail';
import { MissionGrid } from '../../../features/missions/components/mission-grid';
import type { ProjectTarget } from '../../../lib/project-target';
import { useProjectContext } from '../../layouts/project-layout';
import { CarriedOpinionsSlot } from './answer-pages';
import { MissionOpinionsSlot } from './opinion-pages';

const enc = encodeURIComponent;

/** The audit area's mission screens (issue 19): `missions` and `mission/{missionId}`. */
function useMissionScreen() {
  const { project, member } = useProjectContext();
  const target: ProjectTarget = { orgId: member.orgId, projectId: project.id };
  const base = `/sys_audit/${enc(member.orgId)}/${enc(project.id)}`;
  return { target, gridPath: `${base}/missions`, missionPath: (id: string) => `${base}/mission/${enc(id)}` };
}

export function MissionGridPage() {
  const { target, missionPath } = useMissionScreen();
  return (
    <MissionGrid key={`${target.orgId}:${target.projectId}`} target={target} missionPath={missionPath} />
  );
}

export function MissionDetailPage() {
  const { missionId = '' } = useParams();
  const { target, gridPath } = useMissionScreen();
  return (
    <MissionDetail
      key={missionId}
      target={target}
      id={missionId}
      gridPath={gridPath}
      opinions={(mission) => (
        <>
          {/* A later round (issue 20): the carried opinions to close or keep come first. */}
          <CarriedOpinionsSlot
            target={target}
            buildingId={mission.buildingId}
            specialty={mission.specialty}
          />
          <MissionOpinionsSlot target={target} missionId={mission.id} specialty={mission.specialty} />
        </>
      )}
    />
  );
}
