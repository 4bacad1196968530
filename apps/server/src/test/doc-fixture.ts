import { randomBytes } from 'node:crypto';
import type { DocFile, DocFolderNode, DocVersion, OperationCode } from '@drp/domain';
import { applicationForm, buildingForm, detailOf, projectApi } from './project-fixture.js';
import { multipartBody } from './multipart-body.js';
import type { TestApp } from './test-app.js';

/** A small but real PDF: what a drawing set's pages look like to the type check. */
export function pdfBytes(label: string, size = 20_000) {
  return Buffer.concat([Buffer.from(`%PDF-1.7\n% ${label}\n`), randomBytes(size), Buffer.from('\n%%EOF\n')]);
}

/**
 * One file the way the web app puts it in a folder: an operation code, the multipart upload, then
 * saveFile, as the member `token` acting for `orgId`. Answers the saved file.
 */
export async function uploadDocFile(
  t: TestApp,
  input: {
    token: string;
    orgId: string;
    projectId: string;
    versionId: string;
    folderId: string;
    name: string;
    body: Buffer;
  },
): Promise<DocFile> {
  const base = `/api/checkDrawings/${input.orgId}/${input.projectId}/docRepository`;
  const authorization = `Bearer ${input.token}`;
  const { operationCode } = detailOf<OperationCode>(
    await t.app.inject({
      url: `${base}/getOperationCode`,
      query: { versionId: input.versionId, folderId: input.folderId },
      headers: { authorization },
    }),
  );
  const { payload, headers } = multipartBody({ operationCode }, { name: input.name, content: input.body });
  detailOf(await t.app.inject({ method: 'POST', url: '/api/files/upload', payload, headers }));
  return detailOf<DocFile>(
    await t.app.inject({
      method: 'POST',
      url: `${base}/saveFile`,
      payload: { operationCode },
      headers: { authorization },
    }),
  );
}

/**
 * A submitted application of the construction unit `constructToken` acts for, with one tower
 * whose structure design the demo design unit answers for: answers the application, its round 1
 * of materials and the tower's folders (its drawings' 结构 folder and its survey folder).
 */
export async function submittedForMaterials(
  t: TestApp,
  input: { constructToken: string; designToken: string; org: Record<string, string>; name: string },
) {
  const api = projectApi(t);
  const { org } = input;
  const dic = await api.dicOf(input.constructToken, org.construct!, {
    name: input.name,
    regionCode: '430104',
    address: '长沙市岳麓区麓山南路 2 号',
  });
  const saved = await api.saved(input.constructToken, applicationForm(org, dic.id));
  const tower = await api.addBuilding(input.constructToken, org.construct!, saved.id, buildingForm(org));
  detailOf(await api.submit(input.constructToken, saved.id, 0));
  const base = `/api/checkDrawings/${org.design}/${saved.id}`;
  detailOf(
    await api.send('POST', `${base}/building/saveBuildingDesignInfos`, input.designToken, {
      payload: {
        buildingId: tower.id,
        items: [{ specialty: 'STRUCTURE', chiefDesigner: '刘海涛', engineerCertNo: 'S43-2026-001' }],
      },
    }),
  );
  const versionId = detailOf<DocVersion[]>(
    await api.send('GET', `${base}/docRepositoryVersion/listAll`, input.designToken),
  )[0]!.id;
  const tree = async (category: 'DESIGN' | 'SURVEY') =>
    detailOf<DocFolderNode[]>(
      await api.send('GET', `${base}/docRepository/listTree`, input.designToken, {
        query: { versionId, category },
      }),
    );
  return {
    project: saved,
    buildingId: tower.id,
    versionId,
    structure: (await tree('DESIGN'))[0]!.children[0]!,
    surveyFolder: (await tree('SURVEY'))[0]!,
  };
}

/**
 * What the hand-over gate (handover-readiness) asks of `submittedForMaterials`' building before
 * its materials go: submitted by the construction unit, with the named survey unit's findings (the
 * design unit's design info is the fixture's). The missing specialties remain warnings, which the
 * sender confirms with `confirmWarnings=true`.
 */
export async function readyForHandOver(
  t: TestApp,
  input: {
    constructToken: string;
    surveyToken: string;
    org: Record<string, string>;
    projectId: string;
    buildingId: string;
  },
) {
  const api = projectApi(t);
  const { org, projectId, buildingId } = input;
  detailOf(
    await api.send(
      'PUT',
      `/api/checkDrawings/${org.construct}/${projectId}/building/submit/${buildingId}`,
      input.constructToken,
    ),
  );
  detailOf(
    await api.send(
      'POST',
      `/api/checkDrawings/${org.survey}/${projectId}/building/saveBuildingSurveyInfo`,
      input.surveyToken,
      {
        payload: {
          buildingId,
          siteCategory: 'II',
          foundationType: 'PILE',
          bearingStratum: '中风化泥质粉砂岩',
          groundwaterDepth: 3.2,
          liquefaction: 'NONE',
          remark: null,
        },
      },
    ),
  );
}
