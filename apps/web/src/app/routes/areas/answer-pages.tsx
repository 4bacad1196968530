import { useParams } from 'react-router';
import { ANSWER_LIST_ROUTES, ENERGY_SPECIALTY, type AnswerList as AnswerListKey } from '@drp/domain';
import { AnswerDetail } from '../../../features/answers/components/answer-detail';
import { AnswerLetter } from '../../../features/answers/components/answer-letter';
import { CarriedOpinions } from '../../../features/answers/components/carried-opinions';
import type { AnswerLinks } from '../../../features/answers/components/answer-links';
import { AnswerList } from '../../../features/answers/components/answer-list';
import type { ProjectTarget } from '../../../lib/project-target';
import { answerSheetPath, viewerArea } from './answer-sheet-path';
import { useProjectContext } from '../../layouts/project-layout';

const enc = encodeURIComponent;

/**
 * Where the answer screens are (spec §2): `answerCensorConstRes` and `answerCensorEnergyRes` (each
 * with `detail/{id}`) under `/{area}/{orgId}/{projectId}` in the apply, submit and audit areas;
 * `drawingreply` and `energyreply` under `projects/{projectId}` in the supervise and joint areas.
 */
function useAnswerScreen(list: AnswerListKey) {
  const { area, project, member } = useProjectContext();
  const target: ProjectTarget = { orgId: member.orgId, projectId: project.id };
  const routes = ANSWER_LIST_ROUTES[list];
  const listPath =
    area === 'supervise' || area === 'joint'
      ? `/sys_${area}/projects/${enc(project.id)}/${routes.reader}`
      : `/sys_${area}/${enc(member.orgId)}/${enc(project.id)}/${routes.unit}`;
  const viewer = viewerArea(area);
  const links: AnswerLinks = {
    listPath,
    detailPath: (id) => `${listPath}/detail/${enc(id)}`,
    sheetPath: viewer
      ? (place, kind, compareWith) => answerSheetPath(viewer, target, place, kind, compareWith)
      : null,
    letterPath:
      area === 'supervise' || area === 'joint' ? null : (versionId) => `${listPath}/pdf/${enc(versionId)}`,
  };
  return { target, links };
}

export function AnswerListPage({ list }: { list: AnswerListKey }) {
  const { target, links } = useAnswerScreen(list);
  return (
    <AnswerList
      key={`${target.orgId}:${target.projectId}:${list}`}
      target={target}
      list={list}
      links={links}
    />
  );
}

export function AnswerDetailPage({ list }: { list: AnswerListKey }) {
  const { id = '' } = useParams();
  const { target, links } = useAnswerScreen(list);
  return <AnswerDetail key={id} target={target} id={id} links={links} />;
}

/** A mission's carried opinions (issue 20), with the audit area's answer links. */
export function CarriedOpinionsSlot({
  target,
  buildingId,
  specialty,
}: {
  target: ProjectTarget;
  buildingId: string;
  specialty: string;
}) {
  const { links } = useAnswerScreen(specialty === ENERGY_SPECIALTY ? 'ENERGY' : 'CONST');
  return <CarriedOpinions target={target} buildingId={buildingId} specialty={specialty} links={links} />;
}

/** `answerCensorConstRes/pdf/{id}` and `answerCensorEnergyRes/pdf/{id}`: a round's answer letter. */
export function AnswerLetterPage({ list }: { list: AnswerListKey }) {
  const { id = '' } = useParams();
  const { target, links } = useAnswerScreen(list);
  return <AnswerLetter key={id} target={target} versionId={id} list={list} listPath={links.listPath} />;
}
