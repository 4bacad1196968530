import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { DocCategory, DocFolderNode, MissionGrid, OrgType, PrincipalMember, Profile } from '@drp/domain';
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
import type { AuditActor } from '../../modules/audit/audit.service.js';
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
import {
  issueOperationCode,
  receiveUpload,
  saveUploadedFile,
} from '../../modules/doc-repository/doc-uploads.service.js';
import { updateProject } from '../../modules/projects/projects.repository.js';
import { saveOwnSurveyInfo, submitOwnSurveyInfo } from '../../modules/survey-infos/survey-infos.service.js';
import {
  addProjectDic,
  createApplication,
  submitApplication,
} from '../../modules/projects/projects.service.js';
import { assignMissions, missionProposal, stepMission } from '../../modules/missions/missions.service.js';
import { searchClauses } from '../../modules/clauses/clauses.service.js';
import { createOpinion, createOpinionPhrase } from '../../modules/opinions/opinions.service.js';
import { accounts, members } from '../schema/accounts.js';
import { orgs } from '../schema/orgs.js';
import { renderDemoDrawing } from './demo-drawing.js';
import { DEMO_ORGS } from './demo-seed.js';

/** One demo party: its org id, the membership it acts through and who it is in the audit log. */
interface Actor {
  orgId: string;
  member: PrincipalMember;
  audit: AuditActor;
}

async function actorOf(
  ctx: AppContext,
  orgKey: string,
  username: string,
  orgType: OrgType,
  profiles: Profile[],
): Promise<Actor> {
  const name = DEMO_ORGS.find((o) => o.key === orgKey)!.name;
  const [org] = await ctx.db.select({ id: orgs.id }).from(orgs).where(eq(orgs.name, name));
  const [account] = await ctx.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.username, username));
  if (!org || !account) throw new Error(`demo ${orgKey}/${username} missing: seed the demo orgs first`);
  return {
    orgId: org.id,
    member: { orgId: org.id, orgType, admin: true, profiles },
    audit: { accountId: account.id, username, orgId: org.id, ip: '127.0.0.1' },
  };
}

/**
 * A one-page PDF naming what it stands for: the demo's drawing sets and reports are placeholders
 * of real ones, small enough for the seed, and open in the viewers like any upload.
 */
export function demoPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const content = `BT /F1 18 Tf 60 760 Td (${text}) Tj 0 -28 Td /F1 11 Tf (Demo material of the digital drawing review platform) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 842 595] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

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
 * agency with buildings and their design and survey information, and one that has passed review,
 * from which a change application can start. They are made through the same use cases as the API,
 * so the messages and the audit log tell the same story as the screens.
 */
export async function seedDemoProjects(ctx: AppContext): Promise<void> {
  const construct = await actorOf(ctx, 'construct', 'construct_admin', 'CONSTRUCT', ['PROJECT_APPLICATION']);
  const design = await actorOf(ctx, 'design', 'design_admin', 'DESIGN', ['DATA_UPLOAD']);
  const survey = await actorOf(ctx, 'survey', 'survey_admin', 'SURVEY', ['DATA_UPLOAD']);
  const censor = await actorOf(ctx, 'censor', 'censor_admin', 'CENSOR', ['DRAWING_APPROVAL_ADMIN']);
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
    const upload = async (actor: Actor, folderId: string, name: string, bytes: Buffer) => {
      const { operationCode } = await issueOperationCode(ctx, {
        member: actor.member,
        accountId: actor.audit.accountId!,
        projectId,
        versionId,
        folderId,
      });
      await receiveUpload(ctx, { operationCode, fileName: name, body: Readable.from(bytes) });
      await saveUploadedFile(ctx, { member: actor.member, projectId, operationCode, audit: actor.audit });
    };
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

  // 3. Passed review, so a change application can start from it.
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
        ...tower('A栋办公楼', 23, 31_600),
        use: 'OFFICE',
        structureType: 'FRAME_CORE_TUBE',
        height: 99.6,
        floorsBelow: 2,
        hazards: [{ code: 'CURTAIN_WALL', description: '玻璃幕墙施工高度 99.6 m' }],
      },
      { ...tower('地下车库', 1, 5_900), use: 'GARAGE', structureType: 'FRAME', height: 5.4, floorsBelow: 2 },
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
  await reviewMissions(ctx, offices.projectId);
  // The review steps after the missions (opinions, report, certificate) come with later
  // capabilities; until then the demo marks this application passed directly. Everything before it
  // (buildings, materials, hand-over, acceptance, missions) ran through the use cases.
  await updateProject(ctx.db, offices.projectId, { status: 'PASSED', updatedAt: ctx.clock() });

  // 4. Under review, waiting for its missions: accepted and its buildings confirmed by the agency,
  // nobody assigned yet, so the demo director lands on a grid to fill in (issue 19). Seeded after
  // the passed one, whose missions recorded the reviewers' specialties the proposal reads.
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

/** The demo agency's reviewers and the specialties they review (members' 专业). */
const DEMO_REVIEWERS: Record<string, string[]> = {
  censor_reviewer: ['ARCHITECTURE', 'STRUCTURE', 'ENERGY_SAVING'],
  censor_reviewer2: ['PLUMBING', 'HVAC', 'ELECTRICAL', 'FIRE_PROTECTION', 'SURVEY'],
};

/**
 * The review by specialty of an accepted application, through the missions use cases: the
 * reviewers' specialties recorded, the platform's proposal assigned with the director as checker,
 * each mission submitted by its reviewer and accepted by the director. So a demo reviewer has
 * missions (and sees the application), and a director sees a finished round.
 */
async function reviewMissions(ctx: AppContext, projectId: string) {
  const director = await actorOf(ctx, 'censor', 'censor_director', 'CENSOR', ['DRAWING_APPROVAL_DIRECTOR']);
  const accountOf = (actor: Actor) => actor.audit.accountId ?? '';
  const as = (actor: Actor, admin: boolean) => ({
    member: { ...actor.member, admin, accountId: accountOf(actor) },
    accountId: accountOf(actor),
    projectId,
  });
  const reviewers = new Map<string, Actor>();
  for (const [username, specialties] of Object.entries(DEMO_REVIEWERS)) {
    const reviewer = await actorOf(ctx, 'censor', username, 'CENSOR', ['DRAWING_APPROVAL_NORMAL']);
    await ctx.db
      .update(members)
      .set({ specialties })
      .where(and(eq(members.accountId, accountOf(reviewer)), eq(members.orgId, reviewer.orgId)));
    reviewers.set(accountOf(reviewer), reviewer);
  }
  const proposal = await missionProposal(ctx, as(director, false));
  const grid = await assignMissions(ctx, {
    ...as(director, false),
    request: {
      cells: proposal.cells.map((cell) => ({
        ...cell,
        checkerAccountId: accountOf(director),
        deadline: null,
        revision: 0,
      })),
    },
  });
  await recordDemoOpinions(ctx, grid.cells, reviewers, as, as(director, false));
  for (const cell of grid.cells) {
    const reviewer = cell.reviewer && reviewers.get(cell.reviewer.accountId);
    if (!cell.missionId || !reviewer) continue;
    await stepMission(ctx, { ...as(reviewer, false), id: cell.missionId, step: 'SUBMIT' });
    await stepMission(ctx, { ...as(director, false), id: cell.missionId, step: 'ACCEPT' });
  }
}

/**
 * Review opinions (issue 19) of the passed application, recorded by each mission's reviewer before
 * the submit through the opinions use cases: one of each kind where a mission of that specialty
 * exists (the structure one cites a mandatory clause of the library), and the agency's phrases.
 */
async function recordDemoOpinions(
  ctx: AppContext,
  cells: MissionGrid['cells'],
  reviewers: Map<string, Actor>,
  as: (actor: Actor, admin: boolean) => { member: PrincipalMember; accountId: string; projectId: string },
  director: { member: PrincipalMember; accountId: string },
) {
  const clauseOf = async (specialty: string) =>
    (await searchClauses(ctx, { specialty, withdrawn: false, page: 0, size: 20 })).items.find(
      (c) => c.mandatory,
    );
  const structureClause = await clauseOf('STRUCTURE');
  const written = new Set<string>();
  for (const cell of cells) {
    const reviewer = cell.reviewer && reviewers.get(cell.reviewer.accountId);
    if (!cell.missionId || !reviewer || written.has(cell.specialty)) continue;
    const request =
      cell.specialty === 'STRUCTURE' && structureClause
        ? {
            opinionType: 'MANDATORY_STANDARD',
            clauseVersionId: structureClause.id,
            text: '核心筒剪力墙底部加强部位的轴压比超过规范限值，违反强制性条文，请调整墙厚或混凝土强度等级后重新计算。',
          }
        : cell.specialty === 'ENERGY_SAVING'
          ? {
              opinionType: 'ENERGY_GREEN',
              energyKey: 'SUPPLEMENT' as const,
              text: '节能计算书未包含玻璃幕墙的传热系数和遮阳系数计算，请补充。',
            }
          : cell.specialty === 'SURVEY'
            ? {
                opinionType: 'GENERAL',
                text: '勘察报告未给出场地抗浮设防水位建议值，请补充地下车库抗浮设计所需参数。',
              }
            : cell.specialty === 'ARCHITECTURE'
              ? {
                  opinionType: 'FIRE_SAFETY',
                  text: '地下车库防火分区内的疏散距离标注不全，请补充各防火分区至安全出口的疏散距离。',
                }
              : null;
    if (!request) continue;
    await createOpinion(ctx, {
      ...as(reviewer, false),
      request: { missionId: cell.missionId, draft: false, ...request },
    });
    written.add(cell.specialty);
  }
  for (const text of [
    '图纸设计深度不满足《建筑工程设计文件编制深度规定》的要求，请补充完善。',
    '设计说明与图纸不一致，请核对后统一。',
  ])
    await createOpinionPhrase(ctx, { ...director, request: { scope: 'AGENCY', text } });
}
