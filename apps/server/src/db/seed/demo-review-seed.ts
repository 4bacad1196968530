import { and, eq } from 'drizzle-orm';
import {
  answerWriteRequest,
  filingDecision,
  filingInput,
  opinionDecisionRequest,
  type AnswerItem,
  type AnswerWriteRequest,
  type MissionGrid,
  type PersonTitle,
  type RegistrationType,
  type SignedDocumentKind,
  type SigningRole,
} from '@drp/domain';
import type { AppContext } from '../../lib/app-context.js';
import { decideOpinion, giveAnswer, listAnswers } from '../../modules/answers/answers.service.js';
import {
  certificateBuildJobHandler,
  compileCertificate,
  getCertificate,
  issueCertificate,
} from '../../modules/certificates/certificates.service.js';
import { searchClauses } from '../../modules/clauses/clauses.service.js';
import {
  acceptDocs,
  commitDocs,
  sendDocsToReview,
} from '../../modules/doc-repository/doc-handover.service.js';
import {
  listDocTree,
  listDocVersions,
  removeDocEntries,
} from '../../modules/doc-repository/doc-repository.service.js';
import { listFolderFiles } from '../../modules/doc-repository/doc-uploads.service.js';
import { decideFiling, fileCertificate } from '../../modules/filings/filings.service.js';
import { JobRunner } from '../../modules/jobs/job-runner.js';
import {
  assignMissions,
  listMyMissions,
  missionProposal,
  stepMission,
} from '../../modules/missions/missions.service.js';
import { createOpinion, createOpinionPhrase } from '../../modules/opinions/opinions.service.js';
import {
  compileOpinionReport,
  forwardOpinionReport,
  getOpinionReport,
  reportBuildJobHandler,
} from '../../modules/reports/reports.service.js';
import { listSigningDocuments, signTask } from '../../modules/signatures/signatures.service.js';
import { members } from '../schema/accounts.js';
import { actorOf, demoPdf, uploadDemoFile, type Actor } from './demo-parties.js';
import { renderDemoDrawing } from './demo-drawing.js';
import { DEMO_PASSWORD } from './demo-seed.js';

/** The demo agency's reviewers: the specialties they review (专业), their title and registration. */
const DEMO_REVIEWERS: Record<
  string,
  { specialties: string[]; title: PersonTitle; registrationType: RegistrationType; registrationNo: string }
> = {
  censor_reviewer: {
    specialties: ['ARCHITECTURE', 'STRUCTURE', 'ENERGY_SAVING'],
    title: 'SENIOR_ENGINEER',
    registrationType: 'STRUCTURAL_1',
    registrationNo: 'S43-2011-0086',
  },
  censor_reviewer2: {
    specialties: ['PLUMBING', 'HVAC', 'ELECTRICAL', 'FIRE_PROTECTION', 'SURVEY'],
    title: 'SENIOR_ENGINEER',
    registrationType: 'UTILITY_PLUMBING',
    registrationNo: 'G43-2013-0152',
  },
};

/** Everyone who takes part in the review of a demo application, as the membership they act in. */
interface Parties {
  construct: Actor;
  design: Actor;
  survey: Actor;
  /** 张伟, who runs the agency's office: receives, compiles, forwards, issues, files, seals. */
  admin: Actor;
  /** 孙立, who checks every mission and signs as 审核 / 签发. */
  director: Actor;
  reviewers: Actor[];
  /** 长沙市住房和城乡建设局, the supervising authority of the application's region. */
  control: Actor;
}

/**
 * For round 1's opinion of each specialty: what its unit answers (`revised`: with a new sheet that
 * replaces the carried one, else explained without one) and why round 2's reviewer closes it.
 */
const DEMO_OPINIONS: Record<
  string,
  {
    answer: string;
    revised?: {
      sheet: string;
      note: string;
      region?: { x: number; y: number; width: number; height: number };
    };
    closing: string;
  }
> = {
  STRUCTURE: {
    answer:
      '已将核心筒剪力墙底部加强部位墙厚由 400 mm 调整为 500 mm，混凝土强度等级由 C50 提高至 C60，重新计算后墙肢轴压比最大为 0.48，满足规范限值要求。',
    revised: {
      sheet: '结构施工图（修改版）',
      note: '核心筒底部加强部位墙厚调整为 500 mm，混凝土强度等级 C60。',
      region: { x: 760, y: 420, width: 640, height: 420 },
    },
    closing: '复核修改后的计算书及施工图，墙厚和混凝土强度等级已调整，轴压比满足规范限值，同意闭合。',
  },
  ARCHITECTURE: {
    answer:
      '已在防火分区平面中补充各防火分区内最远点至安全出口的疏散距离标注，最大为 56 m，满足不大于 60 m 的要求。',
    revised: { sheet: '建筑施工图（修改版）', note: '补充各防火分区至安全出口的疏散距离标注。' },
    closing: '疏散距离标注已补充完整，均满足规范要求，同意闭合。',
  },
  ENERGY_SAVING: {
    answer:
      '玻璃幕墙的传热系数（2.20 W/(m²·K)）和遮阳系数（0.40）计算已列于节能计算书第 5.3 节，随第 1 版一并报审，本次不修改。',
    closing: '经核对节能计算书第 5.3 节，幕墙热工计算完整且满足限值，同意闭合。',
  },
  SURVEY: {
    answer:
      '已补充抗浮设防水位建议值：按室外地坪下 0.50 m（绝对标高 38.60 m）取用，详见修改后的岩土工程勘察报告第 6.4 节。',
    revised: {
      sheet: '岩土工程勘察报告（修改版）',
      note: 'Anti-floating design water level added, section 6.4',
    },
    closing: '补充的抗浮设防水位建议值依据充分，满足地下车库抗浮设计要求，同意闭合。',
  },
};

/**
 * The whole review of an application whose materials the agency accepted and whose buildings it
 * confirmed, through the same use cases as the API: round 1's missions and opinions, its report
 * built, signed and forwarded; the units' answers with the revised drawings as version 2; round 2
 * closing every opinion and passing; the certificate built, signed and issued; the filing confirmed
 * by the city's housing bureau. So the demo's messages, audit log, reports, signatures, certificate
 * and public review record all tell the same story.
 */
export async function reviewDemoApplication(ctx: AppContext, projectId: string, projectName: string) {
  const parties: Parties = {
    construct: await actorOf(ctx, 'construct', 'construct_admin'),
    design: await actorOf(ctx, 'design', 'design_admin'),
    survey: await actorOf(ctx, 'survey', 'survey_admin'),
    admin: await actorOf(ctx, 'censor', 'censor_admin'),
    director: await actorOf(ctx, 'censor', 'censor_director'),
    reviewers: [],
    control: await actorOf(ctx, 'control', 'control_admin'),
  };
  for (const [username, credentials] of Object.entries(DEMO_REVIEWERS)) {
    const reviewer = await actorOf(ctx, 'censor', username);
    // Recorded by the agency's admin on the members screen in real life; the demo has no such step.
    await ctx.db
      .update(members)
      .set(credentials)
      .where(and(eq(members.accountId, reviewer.accountId), eq(members.orgId, reviewer.orgId)));
    parties.reviewers.push(reviewer);
  }
  // The report and certificate PDFs are built in the job queue, which no worker runs until the
  // server listens. Only these two kinds run here: draining everything would also prepare every
  // demo sheet and its tiles, which the worker does after start anyway.
  const builds = new JobRunner(ctx, [reportBuildJobHandler, certificateBuildJobHandler]);
  const review = { ctx, projectId, parties, builds };

  await firstRound(review);
  await issueReport(review, 'REVISE');
  await answerWithRevision(review, projectName);
  await secondRound(review);
  await issueReport(review, 'PASSED');
  await issueDemoCertificate(review);
  const filing = await fileCertificate(
    ctx,
    { ...callerOf(parties.admin), projectId },
    filingInput.parse({ jointReview: false, fireReview: 'PASSED', civilDefenceReview: 'PASSED', remark: '' }),
  );
  await decideFiling(
    ctx,
    callerOf(parties.control),
    filing.id,
    filingDecision.parse({ decision: 'CONFIRM' }),
  );
}

interface Review {
  ctx: AppContext;
  projectId: string;
  parties: Parties;
  builds: JobRunner;
}

const callerOf = (actor: Actor) => ({ member: actor.member, audit: actor.audit, locale: 'zh-CN' as const });
const missionCaller = (actor: Actor, projectId: string) => ({
  member: actor.member,
  accountId: actor.accountId,
  projectId,
});
const answerCaller = (actor: Actor, projectId: string) => ({
  ...missionCaller(actor, projectId),
  audit: actor.audit,
});

/**
 * Round 1 by specialty: the platform's proposal assigned with the director as checker, opinions
 * recorded, each mission submitted by its reviewer and accepted by the director. So a demo
 * reviewer has missions (and sees the application), and the clinic's proposal later reads the
 * specialties the reviewers hold.
 */
async function firstRound({ ctx, projectId, parties }: Review) {
  const { director } = parties;
  const proposal = await missionProposal(ctx, missionCaller(director, projectId));
  const grid = await assignMissions(ctx, {
    ...missionCaller(director, projectId),
    request: {
      cells: proposal.cells.map((cell) => ({
        ...cell,
        checkerAccountId: director.accountId,
        deadline: null,
        revision: 0,
      })),
    },
  });
  await recordDemoOpinions(ctx, projectId, grid, parties);
  for (const cell of grid.cells) {
    const reviewer = parties.reviewers.find((r) => r.accountId === cell.reviewer?.accountId);
    if (!cell.missionId || !reviewer) continue;
    await stepMission(ctx, { ...missionCaller(reviewer, projectId), id: cell.missionId, step: 'SUBMIT' });
    await stepMission(ctx, { ...missionCaller(director, projectId), id: cell.missionId, step: 'ACCEPT' });
  }
}

/** The building an opinion of the specialty speaks of, where it is not the first one. */
const OPINION_BUILDING: Record<string, string> = { ARCHITECTURE: '地下车库', SURVEY: '地下车库' };

/**
 * Review opinions recorded by each mission's reviewer before the submit: one of each kind where a
 * mission of that specialty exists (the structure one cites a mandatory clause of the library),
 * and the agency's phrases.
 */
async function recordDemoOpinions(ctx: AppContext, projectId: string, grid: MissionGrid, parties: Parties) {
  const nameOf = new Map(grid.buildings.map((b) => [b.id, b.name]));
  const spoken = (cell: MissionGrid['cells'][number]) =>
    OPINION_BUILDING[cell.specialty] === nameOf.get(cell.buildingId) ? 0 : 1;
  const cells = [...grid.cells].sort((a, b) => spoken(a) - spoken(b));
  const clauseOf = async (specialty: string) =>
    (await searchClauses(ctx, { specialty, withdrawn: false, page: 0, size: 20 })).items.find(
      (c) => c.mandatory,
    );
  const structureClause = await clauseOf('STRUCTURE');
  const written = new Set<string>();
  for (const cell of cells) {
    const reviewer = parties.reviewers.find((r) => r.accountId === cell.reviewer?.accountId);
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
      ...missionCaller(reviewer, projectId),
      request: { missionId: cell.missionId, draft: false, ...request },
    });
    written.add(cell.specialty);
  }
  for (const text of [
    '图纸设计深度不满足《建筑工程设计文件编制深度规定》的要求，请补充完善。',
    '设计说明与图纸不一致，请核对后统一。',
  ])
    await createOpinionPhrase(ctx, {
      member: parties.director.member,
      accountId: parties.director.accountId,
      request: { scope: 'AGENCY', text },
    });
}

/** Runs the queued builds, and says which document did not come out of them. */
async function runBuilds(builds: JobRunner, what: string, status: () => Promise<string>) {
  await builds.drain();
  const now = await status();
  if (now !== 'READY') throw new Error(`demo ${what} was not built: ${now}`);
}

/**
 * Every signature of a document in the order the platform asks them: each reviewer of the round,
 * the director (审核 / 签发), then the agency's seal, each with the signer's password again.
 */
async function signCompletely(review: Review, kind: SignedDocumentKind, documentId: string) {
  const { ctx, projectId, parties } = review;
  const steps: [Actor, SigningRole][] = [
    ...parties.reviewers.map((r): [Actor, SigningRole] => [r, 'REVIEWER']),
    [parties.director, 'DIRECTOR'],
    [parties.admin, 'AGENCY'],
  ];
  for (const [signer, role] of steps) {
    const caller = { ...callerOf(signer), projectId };
    const document = (await listSigningDocuments(ctx, caller, kind)).find((d) => d.id === documentId);
    for (const task of document?.tasks ?? [])
      if (task.role === role && task.canSign)
        await signTask(ctx, caller, { taskId: task.id, password: DEMO_PASSWORD });
  }
  const signed = (await listSigningDocuments(ctx, { ...callerOf(parties.admin), projectId }, kind)).find(
    (d) => d.id === documentId,
  );
  if (!signed?.complete) throw new Error(`demo ${kind} ${documentId} is not signed completely`);
}

/** The round's report (审查意见告知书): compiled by the office, built, signed and forwarded to the units. */
async function issueReport(review: Review, conclusion: 'REVISE' | 'PASSED') {
  const { ctx, projectId, parties } = review;
  const caller = { ...callerOf(parties.admin), projectId };
  const compiled = await compileOpinionReport(ctx, { ...caller, origin: originOf(ctx) });
  if (compiled.conclusion !== conclusion)
    throw new Error(`demo report ${compiled.reportNo} concludes ${compiled.conclusion}, not ${conclusion}`);
  await runBuilds(
    review.builds,
    `report ${compiled.reportNo}`,
    async () => (await getOpinionReport(ctx, caller, compiled.id)).status,
  );
  await signCompletely(review, 'REPORT', compiled.id);
  await forwardOpinionReport(ctx, caller, compiled.id);
}

/** Where the QR codes of the documents point: the deployment's address, else this server's own. */
const originOf = (ctx: AppContext) => ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`;

/**
 * The units answer every opinion addressed to them into version 2, the revised sheets replacing
 * the carried ones, hand their materials over; the construction unit sends them with the answers
 * and the agency accepts, which gives round 2's missions to the reviewers of round 1.
 */
async function answerWithRevision({ ctx, projectId, parties }: Review, projectName: string) {
  const { construct, design, survey, admin } = parties;
  const [version] = await listDocVersions(ctx, {
    member: construct.member,
    projectId,
    businessStatus: 'UPLOADING',
    locale: 'zh-CN',
  });
  const versionId = version!.id;
  for (const unit of [design, survey]) {
    const category = unit === design ? 'DESIGN' : 'SURVEY';
    const tree = await listDocTree(ctx, { member: unit.member, projectId, versionId, category });
    for (const item of await answerable(ctx, unit, projectId)) {
      const plan = DEMO_OPINIONS[item.specialty];
      if (!plan) throw new Error(`the demo has no answer to a ${item.specialty} opinion`);
      let request: AnswerWriteRequest = { kind: 'EXPLAINED', text: plan.answer };
      if (plan.revised) {
        const building = tree.find((n) => n.kind === 'BUILDING' && n.buildingId === item.buildingId)!;
        const folder =
          category === 'SURVEY' ? building : building.children.find((c) => c.specialty === item.specialty)!;
        const place = { projectId, versionId, folderId: folder.id };
        const carried = await listFolderFiles(ctx, { member: unit.member, ...place });
        const bytes =
          category === 'SURVEY'
            ? demoPdf(`${item.buildingName}: geotechnical report, revised. ${plan.revised.note}`)
            : await renderDemoDrawing({
                project: projectName,
                building: item.buildingName,
                specialty: folder.name,
                sheetNumber: `${folder.name.slice(0, 1)}施`,
                heavy: folder.name === '结构',
                revision: plan.revised.note,
              });
        const file = await uploadDemoFile(
          ctx,
          unit,
          place,
          `${item.buildingName}-${plan.revised.sheet}.pdf`,
          bytes,
        );
        await removeDocEntries(ctx, {
          member: unit.member,
          projectId,
          ids: carried.map((f) => f.id),
          audit: unit.audit,
        });
        request = {
          kind: 'REVISED',
          text: plan.answer,
          sheet: { fileId: file.id, page: 0, region: plan.revised.region ?? null },
        };
      }
      await giveAnswer(ctx, answerCaller(unit, projectId), item.opinionId, answerWriteRequest.parse(request));
    }
    await commitDocs(ctx, { projectId, versionId, member: unit.member, audit: unit.audit, category });
  }
  const step = { projectId, versionId };
  await sendDocsToReview(ctx, {
    ...step,
    member: construct.member,
    audit: construct.audit,
    confirmWarnings: false,
  });
  await acceptDocs(ctx, { ...step, member: admin.member, audit: admin.audit });
}

/** The issued opinions of both lists (drawings and survey, energy) that `actor` may act on now. */
async function answerable(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  can: keyof AnswerItem['can'] = 'answer',
) {
  const items: AnswerItem[] = [];
  for (const list of ['CONST', 'ENERGY'] as const)
    items.push(...(await listAnswers(ctx, answerCaller(actor, projectId), { list, pageSize: 100 })).items);
  return items.filter((i) => i.can[can]);
}

/**
 * Round 2: each reviewer closes the opinions carried into their missions, with the reason they
 * read in the answer and the revised sheet, and submits; the director accepts.
 */
async function secondRound({ ctx, projectId, parties }: Review) {
  for (const reviewer of parties.reviewers) {
    for (const item of await answerable(ctx, reviewer, projectId, 'decide'))
      await decideOpinion(
        ctx,
        answerCaller(reviewer, projectId),
        item.opinionId,
        opinionDecisionRequest.parse({
          decision: 'CLOSE',
          remark: DEMO_OPINIONS[item.specialty]?.closing ?? '',
        }),
      );
    for (const mission of (await listMyMissions(ctx, missionCaller(reviewer, projectId))).items)
      if (mission.projectId === projectId && mission.role === 'REVIEWER')
        await stepMission(ctx, { ...missionCaller(reviewer, projectId), id: mission.id, step: 'SUBMIT' });
  }
  const { director } = parties;
  for (const mission of (await listMyMissions(ctx, missionCaller(director, projectId))).items)
    if (mission.projectId === projectId && mission.role === 'CHECKER')
      await stepMission(ctx, { ...missionCaller(director, projectId), id: mission.id, step: 'ACCEPT' });
}

/** The certificate of passing review: compiled by the office, built, signed in order and issued. */
async function issueDemoCertificate(review: Review) {
  const { ctx, projectId, parties } = review;
  const caller = { ...callerOf(parties.admin), projectId };
  const compiled = await compileCertificate(ctx, { ...caller, origin: originOf(ctx) });
  await runBuilds(
    review.builds,
    `certificate ${compiled.certificateNo}`,
    async () => (await getCertificate(ctx, caller, compiled.id)).status,
  );
  await signCompletely(review, 'CERTIFICATE', compiled.id);
  await issueCertificate(ctx, caller, compiled.id);
}
