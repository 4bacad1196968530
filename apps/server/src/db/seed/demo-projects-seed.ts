import type { DocCategory, DocFolderNode } from '@drp/domain';
import {
  projectDicRequest,
  projectForm,
  saveBuildingRequest,
  type SaveBuildingRequest,
  saveBuildingDesignInfosRequest,
  saveBuildingHazardSourcesRequest,
  saveBuildingSurveyInfoRequest,
  saveSurveyInfoRequest,
} from '@drp/domain';
import type { AppContext } from '../../lib/app-context.js';
import { saveBuilding, submitBuildings } from '../../modules/buildings/building-basics.service.js';
import {
  saveDesignInfo,
  saveHazards,
  saveSurveyInfo,
} from '../../modules/buildings/building-entries.service.js';
import { confirmBuilding } from '../../modules/buildings/building-review.service.js';
import {
  acceptDocs,
  commitDocs,
  sendDocsToReview,
} from '../../modules/doc-repository/doc-handover.service.js';
import { listDocTree, listDocVersions } from '../../modules/doc-repository/doc-repository.service.js';
import { saveOwnSurveyInfo, submitOwnSurveyInfo } from '../../modules/survey-infos/survey-infos.service.js';
import {
  addProjectDic,
  createApplication,
  submitApplication,
} from '../../modules/projects/projects.service.js';
import { renderDemoDrawing } from './demo-drawing.js';
import { actorOf, demoPdf, uploadDemoFile, type Actor } from './demo-parties.js';
import { reviewDemoApplication } from './demo-review-seed.js';

type BuildingSeed = Omit<SaveBuildingRequest, 'designOrgIds' | 'surveyOrgIds'> & {
  hazards?: { code: string; description: string }[];
};

/** A tower of the 2020s in Changsha: hot-summer-cold-winter, 6 degrees (0.05 g), grade one. */
const tower = (name: string, floorsAbove: number, floorArea: number): BuildingSeed => ({
  name,
  use: 'RESIDENTIAL',
  structureType: 'SHEAR_WALL',
  floorsAbove,
  floorsBelow: 1,
  height: Math.round(floorsAbove * 2.95 * 100) / 100,
  floorArea,
  seismicIntensity: 'DEGREE_6_0.05G',
  fireResistanceRating: 'GRADE_1',
  climaticRegion: 'HOT_SUMMER_COLD_WINTER',
});

/**
 * The demo applications a newcomer meets on first start: a draft, one submitted to its units and
 * agency with buildings and their design and survey information, one reviewed to the end (passed,
 * certified and filed, from which a change application can start) and one waiting for its
 * missions. They are made through the same use cases as the API, so the messages and the audit
 * log tell the same story as the screens.
 */
export async function seedDemoProjects(ctx: AppContext): Promise<void> {
  const construct = await actorOf(ctx, 'construct', 'construct_admin');
  const design = await actorOf(ctx, 'design', 'design_admin');
  const survey = await actorOf(ctx, 'survey', 'survey_admin');
  const censor = await actorOf(ctx, 'censor', 'censor_admin');
  const dictionaries = ctx.dictionaries;

  const application = async (input: {
    master: { name: string; regionCode: string; address: string };
    name: string;
    totalArea: number;
    belowGroundArea: number;
    investment: number;
    projectType: string;
    permits: boolean;
    buildings: BuildingSeed[];
  }) => {
    const dic = await addProjectDic(ctx, {
      orgId: construct.orgId,
      request: projectDicRequest.parse(input.master),
    });
    const form = projectForm.parse({
      projectDicId: dic.id,
      name: input.name,
      regionCode: input.master.regionCode,
      address: input.master.address,
      landUsePermitNo: input.permits ? `地字第430104202600${input.investment % 97}号` : undefined,
      planningPermitNo: input.permits ? `建字第430104202600${input.investment % 89}号` : undefined,
      totalArea: input.totalArea,
      aboveGroundArea: input.totalArea - input.belowGroundArea,
      belowGroundArea: input.belowGroundArea,
      investment: input.investment,
      projectType: input.projectType,
      constructType: 'NEW',
      stage: 'CONSTRUCTION_DRAWING',
      contactName: '王建国',
      contactPhone: '13800000011',
      designOrgIds: [design.orgId],
      surveyOrgIds: [survey.orgId],
      censorOrgId: censor.orgId,
    });
    const { id: projectId } = await createApplication(ctx, {
      orgId: construct.orgId,
      form,
      audit: construct.audit,
    });
    const buildingIds: string[] = [];
    for (const seed of input.buildings) {
      const { hazards, ...basic } = seed;
      const building = await saveBuilding(ctx, {
        member: construct.member,
        projectId,
        form: saveBuildingRequest.parse({
          ...basic,
          designOrgIds: [design.orgId],
          surveyOrgIds: [survey.orgId],
        }),
        dictionaries,
        audit: construct.audit,
      });
      buildingIds.push(building.id);
      if (hazards)
        await saveHazards(ctx, {
          member: construct.member,
          projectId,
          request: saveBuildingHazardSourcesRequest.parse({ buildingId: building.id, items: hazards }),
          dictionaries,
          audit: construct.audit,
        });
    }
    return { projectId, buildingIds };
  };

  const DESIGNERS: Record<string, { chiefDesigner: string; engineerCertNo: string }> = {
    ARCHITECTURE: { chiefDesigner: '陈明', engineerCertNo: '1143010-0087' },
    STRUCTURE: { chiefDesigner: '李娜', engineerCertNo: 'S43-2019-0312' },
    PLUMBING: { chiefDesigner: '赵磊', engineerCertNo: 'G43-2017-0521' },
    HVAC: { chiefDesigner: '孙丽', engineerCertNo: 'N43-2018-0233' },
    ELECTRICAL: { chiefDesigner: '钱峰', engineerCertNo: 'D43-2016-0419' },
    ENERGY_SAVING: { chiefDesigner: '陈明', engineerCertNo: '1143010-0087' },
  };

  const submit = async (
    projectId: string,
    buildingIds: string[],
    specialties: string[] = ['ARCHITECTURE', 'STRUCTURE'],
  ) => {
    await submitBuildings(ctx, {
      member: construct.member,
      projectId,
      ids: buildingIds,
      audit: construct.audit,
    });
    await submitApplication(ctx, {
      member: construct.member,
      id: projectId,
      seen: 0,
      audit: construct.audit,
    });
    for (const buildingId of buildingIds) {
      await saveDesignInfo(ctx, {
        member: design.member,
        projectId,
        request: saveBuildingDesignInfosRequest.parse({
          buildingId,
          items: specialties.map((specialty) => ({ specialty, ...DESIGNERS[specialty]! })),
        }),
        dictionaries,
        audit: design.audit,
      });
      await saveSurveyInfo(ctx, {
        member: survey.member,
        projectId,
        request: saveBuildingSurveyInfoRequest.parse({
          buildingId,
          siteCategory: 'II',
          foundationType: 'PILE',
          bearingStratum: '中风化泥质粉砂岩',
          groundwaterDepth: 3.2,
          liquefaction: 'NONE',
          remark: '场地稳定，适宜建设；地下水对混凝土具微腐蚀性。',
        }),
        audit: survey.audit,
      });
    }
    // The survey unit's report summary for the whole site, submitted.
    await saveOwnSurveyInfo(ctx, {
      member: survey.member,
      projectId,
      request: saveSurveyInfoRequest.parse({
        stage: 'DETAILED',
        importanceGrade: 'SECOND',
        siteComplexity: 'SECOND',
        groundComplexity: 'SECOND',
        surveyGrade: 'B',
        reportNo: `KC-2026-${projectId.slice(0, 4).toUpperCase()}`,
        reportDate: ctx.clock().toISOString().slice(0, 10),
        projectLeader: '周平',
        engineerName: '周平',
        engineerCertNo: 'AY43-2016-0158',
        explorationPoints: 46,
        totalDrilling: 1_384.5,
        groundwaterDepth: 3.2,
        adverseGeology: null,
        conclusion: '场地稳定，适宜建设。建议采用旋挖成孔灌注桩，以中风化泥质粉砂岩为桩端持力层。',
      }),
      audit: survey.audit,
    });
    await submitOwnSurveyInfo(ctx, { member: survey.member, projectId, id: null, audit: survey.audit });
  };

  // 1. A draft still being prepared: two towers, no units' information yet.
  await application({
    master: {
      name: '岳麓区含浦片区安置房项目',
      regionCode: '430104',
      address: '岳麓区含浦大道与学士路交汇处西北角',
    },
    name: '岳麓区含浦片区安置房项目（一期）',
    totalArea: 68_450,
    belowGroundArea: 12_300,
    investment: 32_800,
    projectType: 'RESIDENTIAL',
    permits: false,
    buildings: [tower('1#住宅楼', 26, 18_120), tower('2#住宅楼', 26, 18_120)],
  });

  // 2. Submitted: the units have filled in their part; the agency has it to receive.
  const school = await application({
    master: {
      name: '梅溪湖第二小学新建工程',
      regionCode: '430104',
      address: '岳麓区梅溪湖路与桐梓坡路交汇处东南侧',
    },
    name: '梅溪湖第二小学新建工程',
    totalArea: 24_860,
    belowGroundArea: 6_200,
    investment: 15_600,
    projectType: 'PUBLIC_BUILDING',
    permits: true,
    buildings: [
      {
        ...tower('教学综合楼', 5, 11_420),
        use: 'EDUCATION',
        structureType: 'FRAME',
        height: 23.7,
        floorsBelow: 1,
        hazards: [
          { code: 'DEEP_FOUNDATION_PIT', description: '地下室基坑开挖深度 6.2 m，采用排桩加内支撑支护' },
        ],
      },
      {
        ...tower('风雨操场及食堂', 2, 7_240),
        use: 'EDUCATION',
        structureType: 'STEEL_FRAME',
        height: 15.6,
        floorsBelow: 0,
        // A 36 m hall over the canteen: storeys of 7.8 m on average, as the plausibility check
        // notes and the construction unit confirmed.
        confirmWarnings: true,
        hazards: [{ code: 'STEEL_STRUCTURE', description: '风雨操场屋面钢网架跨度 36 m，整体提升安装' }],
      },
    ],
  });
  await submit(school.projectId, school.buildingIds);

  /**
   * Round 1 of materials handed over as the API does it: the design unit uploads a drawing set
   * into each specialty folder and the survey unit a report into each building's folder, each
   * commits, the construction unit sends them to review and the agency accepts them.
   */
  const handOver = async (projectId: string, projectName: string) => {
    const [version] = await listDocVersions(ctx, {
      member: construct.member,
      projectId,
      businessStatus: 'UPLOADING',
      locale: 'zh-CN',
    });
    const versionId = version!.id;
    const upload = (actor: Actor, folderId: string, name: string, bytes: Buffer) =>
      uploadDemoFile(ctx, actor, { projectId, versionId, folderId }, name, bytes);
    const tree = (actor: Actor, category: DocCategory) =>
      listDocTree(ctx, { member: actor.member, projectId, versionId, category });
    const buildingFolders = (nodes: DocFolderNode[]) => nodes.filter((n) => n.kind === 'BUILDING');
    for (const building of buildingFolders(await tree(design, 'DESIGN')))
      for (const folder of building.children.filter((c) => c.kind === 'SPECIALTY'))
        await upload(
          design,
          folder.id,
          `${building.name}-${folder.name}施工图.pdf`,
          await renderDemoDrawing({
            project: projectName,
            building: building.name,
            specialty: folder.name,
            sheetNumber: `${folder.name.slice(0, 1)}施`,
            heavy: folder.name === '结构',
          }),
        );
    for (const [n, building] of buildingFolders(await tree(survey, 'SURVEY')).entries())
      await upload(
        survey,
        building.id,
        `${building.name}-岩土工程勘察报告.pdf`,
        demoPdf(`Building ${n + 1}: geotechnical report`),
      );
    const step = { projectId, versionId };
    await commitDocs(ctx, { ...step, member: design.member, audit: design.audit, category: 'DESIGN' });
    await commitDocs(ctx, { ...step, member: survey.member, audit: survey.audit, category: 'SURVEY' });
    await sendDocsToReview(ctx, {
      ...step,
      member: construct.member,
      audit: construct.audit,
      confirmWarnings: false,
    });
    await acceptDocs(ctx, { ...step, member: censor.member, audit: censor.audit });
  };

  // 3. Reviewed in two rounds, passed, certified and filed, so a change application can start from
  // it and the public review record lists it.
  const offices = await application({
    master: { name: '湘江新区科创中心办公楼', regionCode: '430104', address: '岳麓区尖山路 39 号' },
    name: '湘江新区科创中心办公楼',
    totalArea: 52_300,
    belowGroundArea: 14_800,
    investment: 41_200,
    projectType: 'PUBLIC_BUILDING',
    permits: true,
    buildings: [
      {
        ...tower('A栋办公楼', 23, 37_500),
        use: 'OFFICE',
        structureType: 'FRAME_CORE_TUBE',
        height: 99.6,
        floorsBelow: 2,
        hazards: [{ code: 'CURTAIN_WALL', description: '玻璃幕墙施工高度 99.6 m' }],
      },
      { ...tower('地下车库', 1, 14_800), use: 'GARAGE', structureType: 'FRAME', height: 5.4, floorsBelow: 2 },
    ],
  });
  await submit(offices.projectId, offices.buildingIds, Object.keys(DESIGNERS));
  await handOver(offices.projectId, '湘江新区科创中心办公楼');
  for (const id of offices.buildingIds)
    await confirmBuilding(ctx, {
      member: censor.member,
      projectId: offices.projectId,
      id,
      audit: censor.audit,
    });
  await reviewDemoApplication(ctx, offices.projectId, '湘江新区科创中心办公楼');

  // 4. Under review, waiting for its missions: accepted and its buildings confirmed by the agency,
  // nobody assigned yet, so the demo director lands on a grid to fill in (issue 19). Seeded after
  // the filed one, whose review recorded the reviewers' specialties the proposal reads.
  const clinic = await application({
    master: {
      name: '坪塘街道社区卫生服务中心',
      regionCode: '430104',
      address: '岳麓区坪塘大道与新塘路交汇处东北角',
    },
    name: '坪塘街道社区卫生服务中心',
    totalArea: 9_860,
    belowGroundArea: 2_100,
    investment: 6_300,
    projectType: 'PUBLIC_BUILDING',
    permits: true,
    buildings: [
      {
        ...tower('门诊医技楼', 5, 7_760),
        use: 'MEDICAL',
        structureType: 'FRAME',
        height: 22.5,
        floorsBelow: 1,
      },
    ],
  });
  await submit(clinic.projectId, clinic.buildingIds, Object.keys(DESIGNERS));
  await handOver(clinic.projectId, '坪塘街道社区卫生服务中心');
  for (const id of clinic.buildingIds)
    await confirmBuilding(ctx, {
      member: censor.member,
      projectId: clinic.projectId,
      id,
      audit: censor.audit,
    });
}
