import type { MissionGrid, OrgMember, SheetInfo } from '@drp/domain';
import { DEMO_PASSWORD, baseURL } from './browser';
import {
  CENSOR,
  DESIGN,
  SURVEY,
  addBuilding,
  apiSession,
  call,
  commitDocs,
  createDraftProject,
  listDocTree,
  orgIdOf,
  submitBuildings,
  submitProject,
  uploadDocFile,
  type ApiSession,
  type DraftProject,
} from './project-api';

/** One application whose drawings the agency has accepted, as the viewer's tests need it. */
export interface AcceptedDrawings {
  project: DraftProject;
  org: { design: string; survey: string; censor: string };
  construct: ApiSession;
  design: ApiSession;
  /** `censor_reviewer`, acting for the agency. */
  reviewer: ApiSession;
  versionId: string;
  /** The one building, confirmed by the agency; censor_reviewer holds its architecture mission. */
  buildingId: string;
  /** The building's first design folder, where `drawings` went. */
  folderId: string;
  /** The uploaded drawings' file ids by name. */
  fileIds: Record<string, string>;
}

/**
 * Drafts an application with one building, has the units fill in and upload their part (the
 * drawings given, in the building's first design folder, and one survey report), sends it to review
 * and has the agency accept it; then waits until the server has prepared every drawing (READY, or
 * FAILED for a file that is meant to be broken).
 */
export async function acceptedDrawings(input: {
  name: string;
  building: string;
  drawings: { name: string; bytes: Buffer<ArrayBuffer> }[];
  survey: { name: string; bytes: Buffer<ArrayBuffer> };
}): Promise<AcceptedDrawings> {
  const construct = await apiSession(baseURL(), 'construct_admin', DEMO_PASSWORD);
  const project = await createDraftProject(construct, {
    name: input.name,
    design: [DESIGN],
    survey: [SURVEY],
    censor: CENSOR,
  });
  const org = {
    design: await orgIdOf(construct, 'DESIGN', DESIGN),
    survey: await orgIdOf(construct, 'SURVEY', SURVEY),
    censor: await orgIdOf(construct, 'CENSOR', CENSOR),
  };
  const { id: buildingId } = await addBuilding(construct, project.id, {
    name: input.building,
    designOrgIds: [org.design],
    surveyOrgIds: [org.survey],
  });
  await submitBuildings(construct, project.id, [buildingId]);
  await submitProject(construct, project.id);

  const design = { ...(await apiSession(baseURL(), 'design_admin', DEMO_PASSWORD)), orgId: org.design };
  const survey = { ...(await apiSession(baseURL(), 'survey_admin', DEMO_PASSWORD)), orgId: org.survey };
  await call(
    design,
    'POST',
    `/api/checkDrawings/${org.design}/${project.id}/building/saveBuildingDesignInfos`,
    {
      buildingId,
      items: [{ specialty: 'ARCHITECTURE', chiefDesigner: '陈明', engineerCertNo: 'A43-2026-018' }],
    },
  );
  await call(
    survey,
    'POST',
    `/api/checkDrawings/${org.survey}/${project.id}/building/saveBuildingSurveyInfo`,
    {
      buildingId,
      siteCategory: 'II',
      foundationType: 'PILE',
      bearingStratum: '中风化泥质粉砂岩',
      groundwaterDepth: 3.2,
      liquefaction: 'NONE',
      remark: null,
    },
  );
  const [version] = await call<{ id: string }[]>(
    design,
    'GET',
    `/api/checkDrawings/${org.design}/${project.id}/docRepositoryVersion/listAll`,
  );
  const versionId = version!.id;
  const [designRoot] = await listDocTree(design, project.id, versionId, 'DESIGN');
  const folderId = designRoot!.children[0]!.id;
  for (const drawing of input.drawings)
    await uploadDocFile(design, project.id, versionId, folderId, drawing.name, drawing.bytes);
  const [surveyRoot] = await listDocTree(survey, project.id, versionId, 'SURVEY');
  await uploadDocFile(survey, project.id, versionId, surveyRoot!.id, input.survey.name, input.survey.bytes);
  await commitDocs(design, project.id, versionId, 'DESIGN');
  await commitDocs(survey, project.id, versionId, 'SURVEY');
  await call(
    construct,
    'GET',
    `/api/checkDrawings/${construct.orgId}/${project.id}/docRepositoryOrg/confirmApplyDoc?versionId=${versionId}&confirmWarnings=true`,
  );
  const agency = { ...(await apiSession(baseURL(), 'censor_admin', DEMO_PASSWORD)), orgId: org.censor };
  await call(
    agency,
    'GET',
    `/api/checkDrawings/${org.censor}/${project.id}/docRepositoryOrg/confirmApplyDoc?versionId=${versionId}`,
  );

  // A normal reviewer sees the application only with a review mission in it (issue 19): the
  // agency confirms the building and gives censor_reviewer its architecture.
  await call(agency, 'PUT', `/api/checkDrawings/${org.censor}/${project.id}/building/confirm/${buildingId}`);
  await giveMission(agency, {
    projectId: project.id,
    buildingId,
    username: 'censor_reviewer',
    specialty: 'ARCHITECTURE',
  });

  const files = await call<{ id: string; name: string }[]>(
    design,
    'GET',
    `/api/checkDrawings/${org.design}/${project.id}/docRepository/queryFile?versionId=${versionId}&folderId=${folderId}`,
  );
  const fileIds = Object.fromEntries(files.map((f) => [f.name, f.id]));
  const reviewer = { ...(await apiSession(baseURL(), 'censor_reviewer', DEMO_PASSWORD)), orgId: org.censor };
  // Prepared in the background: the text search needs the text layer, markups the page sizes.
  for (const id of Object.values(fileIds)) {
    const until = Date.now() + 90_000;
    for (;;) {
      const { state } = await call<SheetInfo>(
        reviewer,
        'GET',
        `/api/checkDrawings/${org.censor}/${project.id}/docRepository/sheet?fileId=${id}`,
      );
      if (state !== 'PENDING') break;
      if (Date.now() > until) throw new Error(`sheet ${id} still being prepared`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  return { project, org, construct, design, reviewer, versionId, buildingId, folderId, fileIds };
}

/**
 * Review missions (issue 19): the agency's admin records `specialty` among the member's 专业 (kept
 * with the ones they hold) and assigns them that specialty of the building, as the director's grid
 * does. Answers the mission's id.
 */
export async function giveMission(
  agency: ApiSession,
  input: { projectId: string; buildingId: string; username: string; specialty: string; deadline?: string },
): Promise<string> {
  const member = await addSpecialty(agency, input.username, input.specialty);
  const base = `/api/checkDrawings/${agency.orgId}/${input.projectId}/missions`;
  const grid = await call<MissionGrid>(agency, 'GET', base);
  const cell = grid.cells.find((c) => c.buildingId === input.buildingId && c.specialty === input.specialty)!;
  const saved = await call<MissionGrid>(agency, 'PUT', base, {
    cells: [
      {
        buildingId: input.buildingId,
        specialty: input.specialty,
        reviewerAccountId: member.accountId,
        checkerAccountId: null,
        deadline: input.deadline ?? null,
        revision: cell.revision,
      },
    ],
  });
  return saved.cells.find((c) => c.buildingId === input.buildingId && c.specialty === input.specialty)!
    .missionId!;
}

/** The agency's admin adds `specialty` to a member's 专业 (keeping the others); answers the member. */
export async function addSpecialty(
  agency: ApiSession,
  username: string,
  specialty: string,
): Promise<OrgMember> {
  const { members } = await call<{ members: OrgMember[] }>(
    agency,
    'GET',
    `/api/admin/orgs/${agency.orgId}/members`,
  );
  const member = members.find((m) => m.username === username)!;
  const credentials = member.credentials;
  if (!credentials.specialties.includes(specialty))
    await call(agency, 'PUT', `/api/admin/orgs/${agency.orgId}/members/${member.id}`, {
      credentials: { ...credentials, specialties: [...credentials.specialties, specialty] },
    });
  return member;
}
