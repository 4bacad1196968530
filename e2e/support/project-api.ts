import { randomBytes } from 'node:crypto';
import { ORG_HEADER, type SaveBuildingRequest, type SigningDocumentPage } from '@drp/domain';
import { apiSignIn } from './server';

/**
 * Setting up review applications through the API, as the web app would, so a browser test can
 * start from the state it is about (a draft with parties, buildings, a submitted application).
 */

export const DESIGN = '湖南省建筑设计院集团股份有限公司';
export const DESIGN2 = '中机国际工程设计研究院有限责任公司';
export const SURVEY = '湖南省勘测设计院有限公司';
export const CENSOR = '湖南省建设工程施工图审查中心有限公司';

interface Envelope<T> {
  code: string;
  message: string;
  detail: T;
}

export interface ApiSession {
  baseURL: string;
  token: string;
  /** The organisation calls act for (X-Org-Id). */
  orgId: string;
}

/** One API call as the session's organisation, answering the envelope's detail. */
export async function call<T>(
  s: { baseURL: string; token: string; orgId?: string },
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  json?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${s.token}` };
  if (s.orgId) headers[ORG_HEADER] = s.orgId;
  if (json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${s.baseURL}${url}`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const body = (await res.json()) as Envelope<T>;
  // 201: a call that creates a record (an opinion) answers Created.
  if ((res.status !== 200 && res.status !== 201) || body.code !== 'SUCCESS')
    throw new Error(`${method} ${url}: HTTP ${res.status} ${JSON.stringify(body)}`);
  return body.detail;
}

/** Signs in through the whole OAuth flow and acts for the account's first organisation. */
export async function apiSession(baseURL: string, username: string, password: string): Promise<ApiSession> {
  const token = await apiSignIn(baseURL, username, password);
  const { members } = await call<{ members: { orgId: string }[] }>(
    { baseURL, token },
    'GET',
    '/api/admin/account',
  );
  return { baseURL, token, orgId: members[0]!.orgId };
}

/** The id of an enabled organisation of this type and name. */
export async function orgIdOf(s: ApiSession, type: 'DESIGN' | 'SURVEY' | 'CENSOR', name: string) {
  const list = await call<{ id: string; name: string }[]>(
    s,
    'GET',
    `/api/admin/company/getCompanyByOrgType/${type}`,
  );
  const org = list.find((o) => o.name === name);
  if (!org) throw new Error(`no ${type} organisation named ${name}`);
  return org.id;
}

export interface DraftProject {
  id: string;
  code: string;
  name: string;
}

/** A construction unit's draft application in 岳麓区, naming the given units. */
export async function createDraftProject(
  s: ApiSession,
  options: { name: string; design: string[]; survey: string[]; censor: string },
): Promise<DraftProject> {
  const dic = await call<{ id: string }>(s, 'POST', `/api/checkDrawings/${s.orgId}/projectDic/add`, {
    name: options.name,
    regionCode: '430104',
    address: '长沙市岳麓区麓谷大道 627 号',
  });
  const designOrgIds = await Promise.all(options.design.map((n) => orgIdOf(s, 'DESIGN', n)));
  const surveyOrgIds = await Promise.all(options.survey.map((n) => orgIdOf(s, 'SURVEY', n)));
  const { id, code } = await call<{ id: string; code: string }>(s, 'POST', '/api/checkDrawings/project/add', {
    projectDicId: dic.id,
    name: options.name,
    regionCode: '430104',
    address: '长沙市岳麓区麓谷大道 627 号',
    totalArea: 36000,
    aboveGroundArea: 28000,
    belowGroundArea: 8000,
    investment: 18000,
    projectType: 'RESIDENTIAL',
    constructType: 'NEW',
    stage: 'CONSTRUCTION_DRAWING',
    contactName: '王建国',
    contactPhone: '0731-88776655',
    designOrgIds,
    surveyOrgIds,
    censorOrgId: await orgIdOf(s, 'CENSOR', options.censor),
  });
  return { id, code, name: options.name };
}

/** A residential block with sensible data, named by `name`, naming the project's units given. */
export async function addBuilding(
  s: ApiSession,
  projectId: string,
  form: Partial<SaveBuildingRequest> & Pick<SaveBuildingRequest, 'name' | 'designOrgIds'>,
) {
  return call<{ id: string; name: string }>(
    s,
    'POST',
    `/api/checkDrawings/${s.orgId}/${projectId}/building/saveBuildingInfo`,
    {
      use: 'RESIDENTIAL',
      structureType: 'SHEAR_WALL',
      floorsAbove: 18,
      floorsBelow: 1,
      height: 54.6,
      floorArea: 12800,
      seismicIntensity: 'DEGREE_6_0.05G',
      fireResistanceRating: 'GRADE_1',
      climaticRegion: 'HOT_SUMMER_COLD_WINTER',
      surveyOrgIds: [],
      ...form,
    },
  );
}

export const submitBuildings = (s: ApiSession, projectId: string, ids: string[]) =>
  call<null>(s, 'PUT', `/api/checkDrawings/${s.orgId}/${projectId}/building/submit/${ids.join(',')}`);

/** Submits the draft for the first time (submit count 0). */
export const submitProject = (s: ApiSession, projectId: string) =>
  call<null>(s, 'PUT', `/api/checkDrawings/project/${projectId}/submit/0`);

/** A PDF-looking file of about `size` bytes; random bytes keep each one's digest apart. */
export const testPdf = (label: string, size = 20_000) =>
  Buffer.concat([Buffer.from(`%PDF-1.7\n% ${label}\n`), randomBytes(size), Buffer.from('\n%%EOF\n')]);

export interface DocFolderRoot {
  id: string;
  name: string;
  children: { id: string; name: string }[];
}

/** A category's folder tree in a version, as the unit `s` sees it. */
export const listDocTree = (
  s: ApiSession,
  projectId: string,
  versionId: string,
  category: 'DESIGN' | 'SURVEY',
) =>
  call<DocFolderRoot[]>(
    s,
    'GET',
    `/api/checkDrawings/${s.orgId}/${projectId}/docRepository/listTree?versionId=${versionId}&category=${category}`,
  );

/**
 * One file into a folder, as the web app saves it: an operation code for the folder, the upload,
 * then the save that files it there.
 */
export async function uploadDocFile(
  s: ApiSession,
  projectId: string,
  versionId: string,
  folderId: string,
  name: string,
  bytes: ReturnType<typeof testPdf> = testPdf(name),
) {
  const base = `/api/checkDrawings/${s.orgId}/${projectId}`;
  const { operationCode } = await call<{ operationCode: string }>(
    s,
    'GET',
    `${base}/docRepository/getOperationCode?versionId=${versionId}&folderId=${folderId}`,
  );
  const form = new FormData();
  form.append('operationCode', operationCode);
  form.append('file', new Blob([bytes]), name);
  const res = await fetch(`${s.baseURL}/api/files/upload`, { method: 'POST', body: form });
  if (res.status !== 200) throw new Error(`upload ${name}: HTTP ${res.status} ${await res.text()}`);
  await call(s, 'POST', `${base}/docRepository/saveFile`, { operationCode });
}

/** The unit's materials of one category in the version handed to the construction unit. */
export const commitDocs = (
  s: ApiSession,
  projectId: string,
  versionId: string,
  category: 'DESIGN' | 'SURVEY',
) =>
  call(
    s,
    'GET',
    `/api/checkDrawings/${s.orgId}/${projectId}/docRepositoryOrg/commitDoc?versionId=${versionId}&category=${category}`,
  );

/**
 * Gives every signature of a compiled report (issue 21) as its signers would, over the API: the
 * reviewer's, the director's, then the agency's seal. For tests about later steps; the signing
 * screens are walked in reports.e2e.
 */
export async function signReportByApi(
  signers: { reviewer: ApiSession; director: ApiSession; admin: ApiSession },
  projectId: string,
  reportId: string,
  password: string,
) {
  const { items } = await call<SigningDocumentPage>(
    signers.admin,
    'GET',
    `/api/checkDrawings/${signers.admin.orgId}/${projectId}/docRepository/querySignatureFile`,
  );
  const report = items.find((d) => d.id === reportId);
  if (!report) throw new Error(`report ${reportId} has no signing tasks`);
  for (const task of report.tasks) {
    const signer =
      task.role === 'REVIEWER' ? signers.reviewer : task.role === 'DIRECTOR' ? signers.director : signers.admin;
    await call(signer, 'POST', '/api/signature/task/start', { taskId: task.id, password });
  }
}
