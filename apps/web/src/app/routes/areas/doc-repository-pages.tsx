import { Navigate, useParams } from 'react-router';
import {
  auditLandingPage,
  receivesDocs,
  type DocCategory,
  type DocFile,
  type PrincipalMember,
  type ProjectDetail,
} from '@drp/domain';
import { DocRepositoryScreen } from '../../../features/doc-repository/components/doc-repository-screen';
import {
  opensInViewer,
  sheetViewerPath,
  type SheetViewerArea,
} from '../../../features/sheets/sheet-viewer-path';
import { useSession } from '../../../features/auth/hooks/session-context';
import { useProjectContext } from '../../layouts/project-layout';
// Working-day calendar (issue 19)
import { ReviewClockCard } from '../../../features/calendar/components/review-clock-card';
import { buildingDetailPath, buildingListPath } from './building-paths';

const enc = encodeURIComponent;

/**
 * A PDF of the tree opens in the drawing viewer of the area (issue 18), acting for `orgId`; the
 * agency's reviewers open it with the markup tools shown, everyone else to read.
 */
const sheetLinkFor =
  (area: SheetViewerArea, orgId: string, projectId: string, category: DocCategory) => (file: DocFile) =>
    opensInViewer(file)
      ? sheetViewerPath({
          area,
          orgId,
          projectId,
          versionId: file.versionId,
          folderId: file.folderId,
          fileId: file.id,
          category,
          review: area === 'audit',
        })
      : undefined;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The unit that uploads one category: a person in both a design and a survey unit of the project
 * works on the survey documents as the survey unit and on the drawings as the design unit,
 * whichever the project layout chose as the acting member.
 */
function uploaderFor(
  category: DocCategory,
  project: ProjectDetail,
  acting: PrincipalMember,
  members: readonly PrincipalMember[],
): PrincipalMember {
  if (acting.orgType === category) return acting;
  const parties = category === 'SURVEY' ? project.surveyList : project.designList;
  return members.find((m) => m.orgType === category && parties.some((p) => p.orgId === m.orgId)) ?? acting;
}

/**
 * `/sys_submit/{projectId}/workingDrawing` (DESIGN) and `/reconnaissance` (SURVEY): the unit's own
 * uploads of one category, committed when complete.
 */
export function DocRepositoryPage({ category }: { category: DocCategory }) {
  const { project, member } = useProjectContext();
  const session = useSession();
  const uploader = uploaderFor(category, project, member, session.principal?.members ?? []);
  return (
    <DocRepositoryScreen
      key={`${uploader.orgId}-${category}`}
      target={{ orgId: uploader.orgId, projectId: project.id }}
      category={category}
      mode="upload"
      projectName={project.name}
      applicationStatus={project.status}
      sheetLink={sheetLinkFor('submit', uploader.orgId, project.id, category)}
    />
  );
}

/**
 * `/sys_apply/{projectId}/workingDrawing` (the default project page) and `/reconnaissance`: the
 * construction unit reads what the units committed and sends the version to review.
 */
export function ApplyDocRepositoryPage({ category }: { category: DocCategory }) {
  const { project, member } = useProjectContext();
  const base = `/sys_apply/${enc(project.id)}`;
  return (
    <DocRepositoryScreen
      key={`${member.orgId}-${category}`}
      target={{ orgId: member.orgId, projectId: project.id }}
      category={category}
      mode="send"
      projectName={project.name}
      applicationStatus={project.status}
      sheetLink={sheetLinkFor('apply', member.orgId, project.id, category)}
      categoryLinks={{ DESIGN: `${base}/workingDrawing`, SURVEY: `${base}/reconnaissance` }}
      buildingLink={(id) =>
        id
          ? buildingDetailPath('apply', member.orgId, project.id, id)
          : buildingListPath('apply', member.orgId, project.id)
      }
    />
  );
}

/**
 * The audit area's document screens. The receive pages (`workingDrawing`, `reconnaissance`) are
 * the director's (spec §6: director authority): a reviewer without it is sent on to the review
 * list of the same category. The lists (`workingDrawingList`, `reconnaissanceList`) show only
 * the versions the agency has accepted.
 */
export function AuditDocRepositoryPage({ category, receive }: { category: DocCategory; receive: boolean }) {
  const { project, member } = useProjectContext();
  const base = `/sys_audit/${enc(member.orgId)}/${enc(project.id)}`;
  const list = { DESIGN: `${base}/workingDrawingList`, SURVEY: `${base}/reconnaissanceList` };
  if (receive && !receivesDocs(member)) return <Navigate to={list[category]} replace />;
  return (
    <>
      {/* Working-day calendar (issue 19): the review clock, once the application is accepted. */}
      {project.acceptedAt && (
        <div style={{ marginBottom: 16 }}>
          <ReviewClockCard target={{ orgId: member.orgId, projectId: project.id }} />
        </div>
      )}
      <DocRepositoryScreen
        key={`${member.orgId}-${category}-${receive}`}
        target={{ orgId: member.orgId, projectId: project.id }}
        category={category}
        mode={receive ? 'receive' : 'read'}
        versionsListed={receive ? 'UPLOADING' : 'REVIEW'}
        projectName={project.name}
        applicationStatus={project.status}
        sheetLink={sheetLinkFor('audit', member.orgId, project.id, category)}
        categoryLinks={
          receive ? { DESIGN: `${base}/workingDrawing`, SURVEY: `${base}/reconnaissance` } : list
        }
        buildingLink={(id) =>
          id
            ? buildingDetailPath('audit', member.orgId, project.id, id)
            : buildingListPath('audit', member.orgId, project.id)
        }
      />
    </>
  );
}

/**
 * Supervise and joint `projects/{projectId}/docs` (survey) and `drawings` (design): read and
 * download. A supervisor opens a sheet in its area's viewer; the joint area has none (spec §2).
 */
export function ReaderDocRepositoryPage({ category }: { category: DocCategory }) {
  const { area, project, member } = useProjectContext();
  return (
    <DocRepositoryScreen
      key={`${member.orgId}-${category}`}
      target={{ orgId: member.orgId, projectId: project.id }}
      category={category}
      mode="read"
      projectName={project.name}
      applicationStatus={project.status}
      sheetLink={
        area === 'supervise' ? sheetLinkFor('supervise', member.orgId, project.id, category) : undefined
      }
    />
  );
}

/**
 * `/sys_apply/{projectId}` opens on its default page (spec §2: workingDrawing) and an audit
 * project on the receive page for those who receive, the review list for the others (spec §2
 * "Landing"). Anything that is not a project id is an unknown path.
 */
export function ApplyProjectIndex() {
  const { projectId = '' } = useParams();
  return <Navigate to={UUID.test(projectId) ? 'workingDrawing' : '/common/404'} replace />;
}

export function AuditProjectIndex() {
  const { orgId = '', projectId = '' } = useParams();
  const session = useSession();
  const member = session.principal?.members.find((m) => m.orgId === orgId);
  if (!UUID.test(projectId) || !member) return <Navigate to="/common/404" replace />;
  return <Navigate to={auditLandingPage(member)} replace />;
}
