import { APPROVAL_PROFILES } from '../access/areas.js';
import type { BuildingStatus } from '../buildings/building-contracts.js';
import type { DocCategory, DocVersionStatus } from '../doc-repository/doc-repository-contracts.js';
import type { ErrorCode } from '../errors/error-codes.js';
import type { OpinionState } from '../answers/answer-contracts.js';
import type { MissionStatus } from '../missions/mission-contracts.js';
import type { OpinionStatus } from '../opinions/opinion-contracts.js';
import type { ProjectStatus } from '../projects/project-status.js';
import type { ReportStatus } from '../reports/opinion-report-contracts.js';
import type { CertificateStatus } from '../certificates/certificate-contracts.js';
import type { DrawingSetStatus } from '../drawing-sets/drawing-set-contracts.js';
import type { FilingStatus } from '../filings/filing-contracts.js';
import type { SigningRole, SigningTaskStatus } from '../signatures/signature-contracts.js';
import type { SurveyInfoStatus } from '../survey-infos/survey-info-contracts.js';
import type { ProjectPart } from './project-part.js';

/**
 * "May this member do this to this application?", answered once, as data: each action names who
 * may (part and profiles), what a party without the right is told, and the state it needs. The
 * server enforces it through `openProject` (modules/project-access); answers carry the result as
 * `can`, so screens offer only what the server would accept. Everything here reads plain data.
 */

/** The acting member as the rules see it: its part in the application and its own standing. */
export interface ProjectActor {
  part: ProjectPart;
  admin: boolean;
  profiles: readonly string[];
}

/** The application as the rules see it. `accepted`: the review agency has accepted materials. */
export interface ApplicationFacts {
  status: ProjectStatus;
  accepted: boolean;
}

export interface BuildingFacts {
  project: ApplicationFacts;
  building: { status: BuildingStatus };
  /** The acting unit is named on the building (a unit enters its own findings only there). */
  named: boolean;
}

export interface DocVersionFacts {
  status: DocVersionStatus;
  latest: boolean;
}

export interface DocCommitFacts {
  version: DocVersionFacts;
  category: DocCategory;
  /** The acting unit has already handed over this category in this version. */
  committed: boolean;
  /** The acting unit has files of this category in this version. */
  hasFiles: boolean;
}

export interface DocSendFacts {
  version: DocVersionFacts;
  /** Every design and survey unit has handed over its materials. */
  allCommitted: boolean;
}

/**
 * A version the agency may return: one sent to it, or one it accepted although a building of the
 * application is not ready (a draft, a missing unit's entry: handover-readiness). Such an
 * application was accepted before the hand-over was gated, and its buildings can be neither
 * submitted nor confirmed; returning it is the way out.
 */
export interface DocReturnFacts {
  version: DocVersionFacts;
  /** The application's buildings have blockers (handover-readiness). */
  stuck: boolean;
}

export interface DocWriteFacts {
  version: DocVersionFacts;
  /** The category of the folder written to. */
  category: DocCategory;
  /** The folder is open to every unit of its category, or is the acting unit's own. */
  ownFolder: boolean;
  committed: boolean;
}

export interface SurveyInfoFacts {
  /** The acting survey unit's own information: null before its first save. */
  status: SurveyInfoStatus | null;
}

export interface AlterStartFacts {
  /** The project master has an application that passed review. */
  passed: boolean;
}

/** A bad action (issue 19) as the rules see it. */
export interface BadActionFacts {
  status: 'RECORDED' | 'CONFIRMED' | 'REJECTED' | 'WITHDRAWN';
}

/** Review missions (issue 19): one mission, and the acting person's part in it. */
export interface MissionFacts {
  status: MissionStatus;
  /** The acting person is the mission's reviewer. */
  reviewer: boolean;
  /** The acting person is the mission's checker. */
  checker: boolean;
}

/** Review opinions (issue 19): one opinion (null before it exists) under its mission. */
export interface OpinionFacts {
  mission: MissionFacts;
  status: OpinionStatus | null;
}

/** Opinion reports (issue 20): the current round's report (null before one) and its missions. */
/** Filing (issue 21): the certificate's state and the application's latest filing, if any. */
export interface FilingFacts {
  certificate: CertificateStatus | null;
  latest: FilingStatus | null;
}

export interface FilingDecisionFacts {
  status: FilingStatus;
}

/** The sealed drawing set (issue 21): the application's, whether it passed, and signing so far. */
export interface DrawingSetFacts {
  application: ApplicationFacts;
  /** The last round's report passed and was forwarded. */
  passed: boolean;
  status: DrawingSetStatus | null;
  /** Signatures given on the set so far: preparing it again would discard them. */
  signed: number;
}

/** The application's current certificate (issue 21), if any. */
export interface CertificateFacts {
  application: ApplicationFacts;
  status: CertificateStatus | null;
  /** The last round's report passed and was forwarded: nothing is open. */
  passed: boolean;
  /** Signatures the certificate still lacks: it is issued only once signed and sealed. */
  unsigned: number;
}

export interface ReportFacts {
  application: ApplicationFacts;
  status: ReportStatus | null;
  /** The round's cells (a building's specialty to review): none while no building is confirmed. */
  cells: number;
  /** Cells of the round without a mission, and missions not yet accepted. */
  missionsOpen: number;
  /** Signatures the report still lacks (issue 21): it is forwarded only once signed and sealed. */
  unsigned: number;
}

/** One signing task (issue 21): its state, its role, and whether it names the acting person. */
export interface SigningTaskFacts {
  status: SigningTaskStatus;
  role: SigningRole;
  /** The acting person is the task's named signer (a reviewer's task names one). */
  assigned: boolean;
}

/**
 * Answers (issue 20): one issued opinion, and the acting unit's relation to it in the version its
 * answers go with.
 */
export interface AnswerFacts {
  state: OpinionState;
  /** The opinion is addressed to the acting unit. */
  addressed: boolean;
  /** The version being prepared for the next round; null when none is open (before a report, or passed). */
  version: DocVersionFacts | null;
  /** The acting unit has handed over its materials of the opinion's category in that version. */
  committed: boolean;
  /** The opinion has an answer in that version. */
  answered: boolean;
}

/** A later round's reviewer deciding a carried opinion: their mission on its building × specialty. */
export interface DecisionFacts {
  mission: MissionFacts;
  /** The opinion was issued in an earlier round (this round's own are written, not decided). */
  carried: boolean;
}

/** What a rule reads: the application alone, or the thing inside it the action touches. */
export type PolicySubject =
  | 'application'
  | 'building'
  | 'docVersion'
  | 'docCommit'
  | 'docSend'
  | 'docReturn'
  | 'docWrite'
  | 'surveyInfo'
  | 'alterStart'
  // Review missions (issue 19).
  | 'mission'
  | 'badAction'
  // Review opinions (issue 19).
  | 'opinion'
  // Opinion reports (issue 20).
  | 'report'
  // Answers and the next rounds (issue 20).
  | 'answer'
  | 'decision'
  // Electronic signatures (issue 21).
  | 'signingTask'
  // The certificate of passing review (issue 21).
  | 'certificate'
  | 'drawingSet'
  // Filing (issue 21).
  | 'filing'
  | 'filingDecision';

interface FactsOf {
  application: ApplicationFacts;
  building: BuildingFacts;
  docVersion: DocVersionFacts;
  docCommit: DocCommitFacts;
  docSend: DocSendFacts;
  docReturn: DocReturnFacts;
  docWrite: DocWriteFacts;
  surveyInfo: SurveyInfoFacts;
  alterStart: AlterStartFacts;
  mission: MissionFacts;
  badAction: BadActionFacts;
  opinion: OpinionFacts;
  report: ReportFacts;
  answer: AnswerFacts;
  decision: DecisionFacts;
  signingTask: SigningTaskFacts;
  certificate: CertificateFacts;
  drawingSet: DrawingSetFacts;
  filing: FilingFacts;
  filingDecision: FilingDecisionFacts;
}

export interface ProjectRule<S extends PolicySubject = PolicySubject> {
  subject: S;
  /** Who may, by part and profiles. */
  who: (actor: ProjectActor) => boolean;
  /**
   * What a party without the right is told: FORBIDDEN unless the thing is someone else's own
   * (NOT_FOUND, as if missing) or the answer names why (a folder of another unit).
   */
  refused: ErrorCode;
  /** Why the state forbids the action now (checked in this order), or undefined when it allows it. */
  blocks: (facts: FactsOf[S], actor: ProjectActor) => ErrorCode | undefined;
}

/** A rule of any subject (a union, so each rule keeps its own facts type). */
type AnyRule = { [S in PolicySubject]: ProjectRule<S> }[PolicySubject];

const rule = <S extends PolicySubject>(r: ProjectRule<S>) => r;
const anyone = () => true;
const never = () => undefined;
const parts =
  (...allowed: ProjectPart[]) =>
  (actor: ProjectActor) =>
    allowed.includes(actor.part);

/**
 * Spec §6: the review agency's director, its approval administrators and its sub-admin (member
 * admin) accept, return and remind materials, and confirm or reject buildings.
 */
export const decides = (actor: ProjectActor) =>
  actor.part === 'CENSOR' &&
  (actor.admin ||
    actor.profiles.includes('DRAWING_APPROVAL_DIRECTOR') ||
    actor.profiles.includes('DRAWING_APPROVAL_ADMIN'));

/** `decides` for a member of any organisation (the receive pages' menu asks it before any project). */
export function receivesDocs(member: { orgType: string; admin: boolean; profiles: readonly string[] }) {
  return (
    member.orgType === 'CENSOR' && decides({ part: 'CENSOR', admin: member.admin, profiles: member.profiles })
  );
}

/** Buildings change until the construction unit sends the materials to review. */
export const buildingsOpen = (project: ApplicationFacts) =>
  project.status === 'DRAFT' || project.status === 'SUBMITTED';

/**
 * Basic data changes while a building is a draft or was rejected. A building submitted while its
 * application is a draft (never sent, or recalled) has reached no agency yet, so it may change
 * too; it then goes back to draft and is submitted again.
 */
export const isEditable = (facts: Pick<BuildingFacts, 'project' | 'building'>) =>
  facts.building.status === 'DRAFT' ||
  facts.building.status === 'REJECTED' ||
  (facts.building.status === 'SUBMITTED' && facts.project.status === 'DRAFT');

/** The agency may reject a submitted building only until it accepts the materials. */
export const rejectAllowed = (facts: Pick<BuildingFacts, 'project' | 'building'>) =>
  facts.building.status === 'SUBMITTED' &&
  (facts.project.status === 'SUBMITTED' || facts.project.status === 'MATERIALS_SENT') &&
  !facts.project.accepted;

/** The construction unit recalls a submitted application until the agency accepts it. */
export function revokeBlocked(project: ApplicationFacts): ErrorCode | undefined {
  if (project.status === 'DRAFT') return 'PROJECT_NOT_SUBMITTED';
  if (project.accepted || (project.status !== 'SUBMITTED' && project.status !== 'MATERIALS_SENT'))
    return 'PROJECT_ALREADY_ACCEPTED';
  return undefined;
}

/** Bad actions: a member of the agency with an approval profile (spec §6, the audit area's projects). */
const approvalMember = (actor: ProjectActor) => APPROVAL_PROFILES.some((p) => actor.profiles.includes(p));
const awaitingDecision = (f: BadActionFacts) =>
  f.status === 'RECORDED' ? undefined : 'BAD_ACTION_NOT_RECORDED';

const draftOnly = (project: ApplicationFacts) =>
  project.status === 'DRAFT' ? undefined : 'PROJECT_NOT_DRAFT';
const uploading = (v: DocVersionFacts) => v.latest && v.status === 'UPLOADING';
/** A unit's answer may be given or changed: its own, open, the next version open, not yet handed over. */
const answerBlocks = (f: AnswerFacts): ErrorCode | undefined => {
  if (!f.addressed) return 'ANSWER_NOT_YOURS';
  if (f.state !== 'OPEN') return 'ANSWER_OPINION_CLOSED';
  if (!f.version || !uploading(f.version)) return 'ANSWER_ROUND_LOCKED';
  if (f.committed) return 'ANSWER_COMMITTED';
  return undefined;
};
/** A unit's own entries on a building: the project still open, the building not confirmed, the unit named. */
const ownEntries = (f: BuildingFacts): ErrorCode | undefined => {
  if (!buildingsOpen(f.project)) return 'BUILDING_PROJECT_LOCKED';
  if (f.building.status === 'CONFIRMED') return 'BUILDING_NOT_EDITABLE';
  if (!f.named) return 'BUILDING_UNIT_NOT_NAMED';
  return undefined;
};

export const PROJECT_POLICY = {
  /** Reading the application and everything in it: whoever sees it. */
  'project.view': rule({ subject: 'application', who: anyone, refused: 'NOT_FOUND', blocks: never }),

  // ---- the application, by its construction unit (anyone else's answers as if missing) ----
  'application.edit': rule({
    subject: 'application',
    who: parts('CONSTRUCT'),
    refused: 'NOT_FOUND',
    blocks: draftOnly,
  }),
  'application.delete': rule({
    subject: 'application',
    who: parts('CONSTRUCT'),
    refused: 'NOT_FOUND',
    blocks: draftOnly,
  }),
  'application.submit': rule({
    subject: 'application',
    who: parts('CONSTRUCT'),
    refused: 'NOT_FOUND',
    blocks: draftOnly,
  }),
  'application.revoke': rule({
    subject: 'application',
    who: parts('CONSTRUCT'),
    refused: 'NOT_FOUND',
    blocks: revokeBlocked,
  }),
  /** Attachments are part of what the construction unit submits. */
  'attachments.edit': rule({
    subject: 'application',
    who: parts('CONSTRUCT'),
    refused: 'NOT_FOUND',
    blocks: draftOnly,
  }),
  /** A change application starts from a project master with a passed application. */
  'alter.start': rule({
    subject: 'alterStart',
    who: parts('CONSTRUCT'),
    refused: 'NOT_FOUND',
    blocks: (f) => (f.passed ? undefined : 'ALTER_NO_PASSED_APPLICATION'),
  }),

  // ---- buildings ----
  /** Adding (or copying) a building: the construction unit and the design units. */
  'building.add': rule({
    subject: 'application',
    who: parts('CONSTRUCT', 'DESIGN'),
    refused: 'FORBIDDEN',
    blocks: (p) => (buildingsOpen(p) ? undefined : 'BUILDING_PROJECT_LOCKED'),
  }),
  /** Basic data, hazard sources, deleting. */
  'building.edit': rule({
    subject: 'building',
    who: parts('CONSTRUCT', 'DESIGN'),
    refused: 'FORBIDDEN',
    blocks: (f) =>
      !buildingsOpen(f.project)
        ? 'BUILDING_PROJECT_LOCKED'
        : isEditable(f)
          ? undefined
          : 'BUILDING_NOT_EDITABLE',
  }),
  'building.submit': rule({
    subject: 'building',
    who: parts('CONSTRUCT', 'DESIGN'),
    refused: 'FORBIDDEN',
    blocks: (f) =>
      !buildingsOpen(f.project)
        ? 'BUILDING_PROJECT_LOCKED'
        : f.building.status === 'DRAFT' || f.building.status === 'REJECTED'
          ? undefined
          : 'BUILDING_NOT_EDITABLE',
  }),
  /** A survey unit's findings for a building it is named on. */
  'building.surveyFindings': rule({
    subject: 'building',
    who: parts('SURVEY'),
    refused: 'FORBIDDEN',
    blocks: ownEntries,
  }),
  /** A design unit's design info (chief designers per specialty) for a building it is named on. */
  'building.designInfo': rule({
    subject: 'building',
    who: parts('DESIGN'),
    refused: 'FORBIDDEN',
    blocks: ownEntries,
  }),
  /** The agency's lists of buildings to give review missions for, and its `allowReject` question. */
  'building.tasks': rule({
    subject: 'application',
    who: parts('CENSOR'),
    refused: 'FORBIDDEN',
    blocks: never,
  }),
  'building.confirm': rule({
    subject: 'building',
    who: decides,
    refused: 'FORBIDDEN',
    blocks: (f) => (f.building.status === 'SUBMITTED' ? undefined : 'BUILDING_NOT_SUBMITTED'),
  }),
  /** Rejecting, and recording the reason for it. */
  'building.reject': rule({
    subject: 'building',
    who: decides,
    refused: 'FORBIDDEN',
    blocks: (f) => (rejectAllowed(f) ? undefined : 'BUILDING_REJECT_NOT_ALLOWED'),
  }),

  // ---- survey information of the application ----
  /** Reading its own: only a survey unit named in the application has one. */
  'surveyInfo.own': rule({
    subject: 'application',
    who: parts('SURVEY'),
    refused: 'NOT_FOUND',
    blocks: never,
  }),
  'surveyInfo.edit': rule({
    subject: 'surveyInfo',
    who: parts('SURVEY'),
    refused: 'NOT_FOUND',
    blocks: (f) => (f.status === 'SUBMITTED' ? 'SURVEY_INFO_SUBMITTED' : undefined),
  }),
  'surveyInfo.submit': rule({
    subject: 'surveyInfo',
    who: parts('SURVEY'),
    refused: 'NOT_FOUND',
    blocks: (f) =>
      f.status === null
        ? 'SURVEY_INFO_NOT_SAVED'
        : f.status === 'SUBMITTED'
          ? 'SURVEY_INFO_SUBMITTED'
          : undefined,
  }),

  // ---- the document repository and its hand-over ----
  /** Uploading into, adding, renaming, moving, ordering and deleting in a folder of the version. */
  'docs.write': rule({
    subject: 'docWrite',
    who: anyone,
    refused: 'DOC_FOLDER_NOT_YOURS',
    blocks: (f, actor) => {
      if (!uploading(f.version)) return 'DOC_VERSION_LOCKED';
      if (actor.part !== f.category || !f.ownFolder) return 'DOC_FOLDER_NOT_YOURS';
      if (f.committed) return 'DOC_ALREADY_COMMITTED';
      return undefined;
    },
  }),
  /** A design or survey unit hands over its materials of one category. */
  'docs.commit': rule({
    subject: 'docCommit',
    who: parts('DESIGN', 'SURVEY'),
    refused: 'DOC_FOLDER_NOT_YOURS',
    blocks: (f, actor) => {
      if (actor.part !== f.category) return 'DOC_FOLDER_NOT_YOURS';
      if (!uploading(f.version)) return 'DOC_VERSION_LOCKED';
      if (f.committed) return 'DOC_ALREADY_COMMITTED';
      if (!f.hasFiles) return 'DOC_NOTHING_TO_COMMIT';
      return undefined;
    },
  }),
  /** The construction unit sends the version to review once every unit has handed over. */
  'docs.send': rule({
    subject: 'docSend',
    who: parts('CONSTRUCT'),
    refused: 'FORBIDDEN',
    blocks: (f) =>
      !uploading(f.version) ? 'DOC_VERSION_LOCKED' : f.allCommitted ? undefined : 'DOC_UNITS_NOT_COMMITTED',
  }),
  'docs.accept': rule({
    subject: 'docVersion',
    who: decides,
    refused: 'DOC_DIRECTOR_ONLY',
    blocks: (v) => (v.status === 'SUBMITTED' ? undefined : 'DOC_NOT_SENT'),
  }),
  /**
   * Returning the sent version with reasons, which reopens it for upload; and the latest accepted
   * one while a building stands in the way (DocReturnFacts), which reopens the application too.
   */
  'docs.return': rule({
    subject: 'docReturn',
    who: decides,
    refused: 'DOC_DIRECTOR_ONLY',
    blocks: (f) =>
      f.version.status === 'SUBMITTED' || (f.version.status === 'REVIEW' && f.version.latest && f.stuck)
        ? undefined
        : 'DOC_NOT_SENT',
  }),
  /** Reminding the units of missing materials while they upload or after they sent. */
  'docs.remind': rule({
    subject: 'docVersion',
    who: decides,
    refused: 'DOC_DIRECTOR_ONLY',
    blocks: (v) => (v.latest && v.status !== 'REVIEW' ? undefined : 'DOC_VERSION_LOCKED'),
  }),
  // ---- markups on the sheets of a version (issue 18) ----
  /**
   * Drawing, changing (one's own), publishing and importing markups: the review agency, on a
   * version it has accepted. Which markup is whose is the markups module's to check.
   */
  'markups.draw': rule({
    subject: 'docVersion',
    who: parts('CENSOR'),
    refused: 'FORBIDDEN',
    blocks: (v) => (v.status === 'REVIEW' ? undefined : 'MARKUP_VERSION_NOT_IN_REVIEW'),
  }),
  /** Replying under a markup one sees: the agency's people discuss them among themselves. */
  'markups.reply': rule({
    subject: 'docVersion',
    who: parts('CENSOR'),
    refused: 'FORBIDDEN',
    blocks: (v) => (v.status === 'REVIEW' ? undefined : 'MARKUP_VERSION_NOT_IN_REVIEW'),
  }),
  // ---- the project's notices (issue 19) ----
  /** What the agency sent about the application, with who read it: the agency's people only. */
  'notices.view': rule({ subject: 'application', who: parts('CENSOR'), refused: 'NOT_FOUND', blocks: never }),
  // ---- bad actions (issue 19) ----
  /** The agency and the supervising authority read an application's bad actions. */
  'badAction.view': rule({
    subject: 'application',
    who: parts('CENSOR', 'SUPERVISOR'),
    refused: 'NOT_FOUND',
    blocks: never,
  }),
  /**
   * Any approval member of the agency records one, once it has accepted the materials (the
   * market-behaviour checks are part of its review), and attaches evidence while it waits.
   */
  'badAction.record': rule({
    subject: 'application',
    who: (actor) => actor.part === 'CENSOR' && approvalMember(actor),
    refused: 'FORBIDDEN',
    blocks: (p) => (p.accepted ? undefined : 'BAD_ACTION_NOT_IN_REVIEW'),
  }),
  'badAction.withdraw': rule({
    subject: 'badAction',
    who: (actor) => actor.part === 'CENSOR' && approvalMember(actor),
    refused: 'FORBIDDEN',
    blocks: awaitingDecision,
  }),
  /** The supervising authority of the application's region confirms or rejects it. */
  'badAction.decide': rule({
    subject: 'badAction',
    who: parts('SUPERVISOR'),
    refused: 'FORBIDDEN',
    blocks: awaitingDecision,
  }),
  // ---- review missions (issue 19) ----
  /**
   * The round's grid and the missions' details: the agency's members (a normal reviewer sees the
   * application only where they hold a mission, which visibility already decides).
   */
  'missions.view': rule({
    subject: 'application',
    who: parts('CENSOR'),
    refused: 'FORBIDDEN',
    blocks: never,
  }),
  /** Assigning and reassigning: the agency's admin and directors, while the application is in review. */
  'missions.assign': rule({
    subject: 'application',
    who: decides,
    refused: 'FORBIDDEN',
    blocks: (p) => (p.accepted && p.status === 'IN_REVIEW' ? undefined : 'MISSIONS_NOT_IN_REVIEW'),
  }),
  /** The reviewer submits their mission for checking, first or after a return. */
  'mission.submit': rule({
    subject: 'mission',
    who: parts('CENSOR'),
    refused: 'FORBIDDEN',
    blocks: (f) =>
      !f.reviewer
        ? 'MISSION_NOT_YOURS'
        : f.status === 'ASSIGNED' || f.status === 'RETURNED'
          ? undefined
          : 'MISSION_NOT_OPEN',
  }),
  /** Accepting or returning (with a reason) a submitted mission: its checker, or a director or admin. */
  'mission.check': rule({
    subject: 'mission',
    who: parts('CENSOR'),
    refused: 'FORBIDDEN',
    blocks: (f, actor) =>
      !f.checker && !decides(actor)
        ? 'MISSION_NOT_CHECKER'
        : f.status === 'SUBMITTED'
          ? undefined
          : 'MISSION_NOT_SUBMITTED',
  }),
  // ---- review opinions (issue 19) ----
  /**
   * The three opinion lists and each opinion: the agency's members (a normal reviewer sees the
   * application only where they hold a mission); drafts are their reviewer's alone (the opinions
   * module filters them).
   */
  'opinions.view': rule({
    subject: 'application',
    who: parts('CENSOR'),
    refused: 'FORBIDDEN',
    blocks: never,
  }),
  /**
   * Recording, changing and deleting opinions: the mission's reviewer while the mission is open
   * (assigned or returned). Once accepted, its opinions are final.
   */
  'opinion.write': rule({
    subject: 'opinion',
    who: parts('CENSOR'),
    refused: 'FORBIDDEN',
    blocks: (f) =>
      f.mission.status === 'DONE'
        ? 'OPINION_MISSION_DONE'
        : !f.mission.reviewer
          ? 'OPINION_MISSION_NOT_YOURS'
          : f.mission.status === 'ASSIGNED' || f.mission.status === 'RETURNED'
            ? undefined
            : 'OPINION_MISSION_NOT_OPEN',
  }),
  /**
   * Editing (the previous text is kept) or returning an opinion while checking: the mission's
   * checker or a director or admin, while the mission waits for the check.
   */
  'opinion.check': rule({
    subject: 'opinion',
    who: parts('CENSOR'),
    refused: 'FORBIDDEN',
    blocks: (f, actor) =>
      f.mission.status === 'DONE'
        ? 'OPINION_MISSION_DONE'
        : !f.mission.checker && !decides(actor)
          ? 'OPINION_NOT_CHECKER'
          : f.mission.status === 'SUBMITTED' && f.status === 'RECORDED'
            ? undefined
            : 'OPINION_MISSION_NOT_SUBMITTED',
  }),
  // ---- opinion reports (issue 20) ----
  /** Every party reads the reports; the agency's drafts stay its own (the reports module filters). */
  'reports.view': rule({ subject: 'application', who: anyone, refused: 'NOT_FOUND', blocks: never }),
  /**
   * Compiling the round's report (again, after a failed build or while not yet forwarded): the
   * agency's admin or director, once every cell of the round has an accepted mission.
   */
  'report.compile': rule({
    subject: 'report',
    who: decides,
    refused: 'FORBIDDEN',
    blocks: (f) =>
      f.application.status !== 'IN_REVIEW'
        ? 'REPORT_NOT_IN_REVIEW'
        : f.status === 'FORWARDED'
          ? 'REPORT_ALREADY_FORWARDED'
          : f.status === 'COMPILING'
            ? 'REPORT_COMPILING'
            : f.cells === 0
              ? 'REPORT_ROUND_EMPTY'
              : f.missionsOpen > 0
                ? 'REPORT_MISSIONS_OPEN'
                : undefined,
  }),
  /** Forwarding a built report to the units: final (the clock pauses, or stops when it passed). */
  'report.forward': rule({
    subject: 'report',
    who: decides,
    refused: 'FORBIDDEN',
    blocks: (f) =>
      f.status === 'FORWARDED'
        ? 'REPORT_ALREADY_FORWARDED'
        : f.status !== 'READY'
          ? 'REPORT_NOT_READY'
          : f.application.status !== 'IN_REVIEW'
            ? 'REPORT_NOT_IN_REVIEW'
            : f.unsigned > 0
              ? 'REPORT_NOT_SIGNED'
              : undefined,
  }),
  // ---- designers' answers and the next rounds (issue 20) ----
  /** Every party reads the issued opinions with their answers and decisions. */
  'answers.view': rule({ subject: 'application', who: anyone, refused: 'NOT_FOUND', blocks: never }),
  /** The unit an opinion is addressed to answers it once, into the version being prepared. */
  'answer.give': rule({
    subject: 'answer',
    who: parts('DESIGN', 'SURVEY'),
    refused: 'FORBIDDEN',
    blocks: (f) => answerBlocks(f) ?? (f.answered ? 'ANSWER_EXISTS' : undefined),
  }),
  /** And changes its answer until it hands over its materials of the round. */
  'answer.change': rule({
    subject: 'answer',
    who: parts('DESIGN', 'SURVEY'),
    refused: 'FORBIDDEN',
    blocks: (f) => answerBlocks(f) ?? (f.answered ? undefined : 'ANSWER_MISSING'),
  }),
  /**
   * Closing, keeping or reopening a carried opinion: the reviewer of the round's mission on its
   * building × specialty, while the mission is open (a checker's return reopens it).
   */
  'opinion.decide': rule({
    subject: 'decision',
    who: parts('CENSOR'),
    refused: 'FORBIDDEN',
    blocks: (f) =>
      !f.carried
        ? 'DECISION_NOT_CARRIED'
        : f.mission.status === 'DONE'
          ? 'OPINION_MISSION_DONE'
          : !f.mission.reviewer
            ? 'OPINION_MISSION_NOT_YOURS'
            : f.mission.status === 'ASSIGNED' || f.mission.status === 'RETURNED'
              ? undefined
              : 'OPINION_MISSION_NOT_OPEN',
  }),
  // ---- electronic signatures (issue 21) ----
  /** Every party reads the signatures of what was issued to it; the agency's drafts stay its own. */
  'signatures.view': rule({ subject: 'application', who: anyone, refused: 'NOT_FOUND', blocks: never }),
  /**
   * Signing one task, with the password again: a reviewer their own task, a director the 审核
   * signature, the admin or director the agency's seal, each once and only after the earlier step.
   */
  'signature.sign': rule({
    subject: 'signingTask',
    who: parts('CENSOR'),
    refused: 'FORBIDDEN',
    blocks: (f, actor) =>
      f.status === 'SIGNED'
        ? 'SIGNATURE_ALREADY_SIGNED'
        : f.role === 'REVIEWER' && !f.assigned
          ? 'SIGNATURE_NOT_YOURS'
          : f.role === 'DIRECTOR' && !actor.profiles.includes('DRAWING_APPROVAL_DIRECTOR')
            ? 'SIGNATURE_NO_PROFILE'
            : f.role === 'AGENCY' && !decides(actor)
              ? 'SIGNATURE_NO_PROFILE'
              : f.status === 'WAITING'
                ? 'SIGNATURE_WAITING'
                : undefined,
  }),
  // ---- the certificate of passing review (issue 21) ----
  /** Every party reads the certificates issued to it; the agency's drafts stay its own. */
  'certificates.view': rule({ subject: 'application', who: anyone, refused: 'NOT_FOUND', blocks: never }),
  /**
   * Compiling the certificate (again, while not issued): the agency's admin or director, once the
   * last round's report passed and was forwarded.
   */
  'certificate.compile': rule({
    subject: 'certificate',
    who: decides,
    refused: 'FORBIDDEN',
    blocks: (f) =>
      f.status === 'ISSUED' || f.status === 'SUPERSEDED' || f.status === 'REVOKED'
        ? 'CERTIFICATE_ALREADY_ISSUED'
        : !f.passed || f.application.status !== 'PASSED'
          ? 'CERTIFICATE_NOT_PASSED'
          : f.status === 'BUILDING'
            ? 'CERTIFICATE_BUILDING'
            : undefined,
  }),
  /** Issuing the signed and sealed certificate to the units: final. */
  'certificate.issue': rule({
    subject: 'certificate',
    who: decides,
    refused: 'FORBIDDEN',
    blocks: (f) =>
      f.status === 'ISSUED' || f.status === 'SUPERSEDED' || f.status === 'REVOKED'
        ? 'CERTIFICATE_ALREADY_ISSUED'
        : f.status !== 'READY'
          ? 'CERTIFICATE_NOT_READY'
          : f.unsigned > 0
            ? 'CERTIFICATE_NOT_SIGNED'
            : undefined,
  }),
  /**
   * Preparing the sealed drawing set from the reviewed version (again, until its first signature):
   * the agency's admin or director, once the last round passed.
   */
  'drawingSet.compile': rule({
    subject: 'drawingSet',
    who: decides,
    refused: 'FORBIDDEN',
    blocks: (f) =>
      f.status === 'SEALED'
        ? 'DRAWING_SET_SEALED'
        : f.signed > 0
          ? 'DRAWING_SET_SIGNING'
          : !f.passed || (f.application.status !== 'PASSED' && f.application.status !== 'FILED')
            ? 'CERTIFICATE_NOT_PASSED'
            : undefined,
  }),
  /**
   * Revoking the issued certificate (a fault found after issue, an application withdrawn): the
   * agency's admin or director; the public check then says it is revoked.
   */
  'certificate.revoke': rule({
    subject: 'certificate',
    who: decides,
    refused: 'FORBIDDEN',
    blocks: (f) => (f.status === 'ISSUED' ? undefined : 'CERTIFICATE_NOT_ISSUED'),
  }),
  // ---- filing (issue 21) ----
  /** The agency and the region's authority read the filings (the units read the certificate). */
  'filings.view': rule({
    subject: 'application',
    who: parts('CENSOR', 'SUPERVISOR'),
    refused: 'NOT_FOUND',
    blocks: never,
  }),
  /** Filing the issued certificate (again after a rejection): the agency's admin or director. */
  'filing.file': rule({
    subject: 'filing',
    who: decides,
    refused: 'FORBIDDEN',
    blocks: (f) =>
      f.certificate !== 'ISSUED'
        ? 'FILING_NO_CERTIFICATE'
        : f.latest === 'PENDING'
          ? 'FILING_PENDING'
          : f.latest === 'CONFIRMED'
            ? 'FILING_ALREADY_CONFIRMED'
            : undefined,
  }),
  /** Confirming or rejecting a filing: the supervising authority of the application's region. */
  'filing.decide': rule({
    subject: 'filingDecision',
    who: parts('SUPERVISOR'),
    refused: 'FORBIDDEN',
    blocks: (f) => (f.status === 'PENDING' ? undefined : 'FILING_ALREADY_DECIDED'),
  }),
} as const satisfies Record<string, AnyRule>;

export type ProjectAction = keyof typeof PROJECT_POLICY;
export const PROJECT_ACTIONS = Object.keys(PROJECT_POLICY) as ProjectAction[];
type Policy = typeof PROJECT_POLICY;
export type SubjectOf<A extends ProjectAction> = Policy[A]['subject'];
export type FactsFor<A extends ProjectAction> = FactsOf[SubjectOf<A>];

/** Why the actor may not do this now: the refusal for a party without the right, else the state's. */
export function refusal<A extends ProjectAction>(
  action: A,
  actor: ProjectActor,
  facts: FactsFor<A>,
): ErrorCode | undefined {
  const r = PROJECT_POLICY[action] as unknown as ProjectRule<SubjectOf<A>>;
  if (!r.who(actor)) return r.refused;
  return r.blocks(facts, actor);
}

export const can = <A extends ProjectAction>(action: A, actor: ProjectActor, facts: FactsFor<A>) =>
  refusal(action, actor, facts) === undefined;

/** `ProjectDetail.can`: what the acting organisation may do to the application now. */
export function applicationAbilities(actor: ProjectActor, project: ApplicationFacts) {
  return {
    edit: can('application.edit', actor, project),
    delete: can('application.delete', actor, project),
    submit: can('application.submit', actor, project),
    revoke: can('application.revoke', actor, project),
    editAttachments: can('attachments.edit', actor, project),
    addBuildings: can('building.add', actor, project),
    buildingTasks: can('building.tasks', actor, project),
    fillSurveyInfo: can('surveyInfo.own', actor, project),
  };
}

/**
 * `Building.can`: what the acting organisation may do to one building now. `named`: the acting
 * organisation is among the building's design or survey units.
 */
export function buildingAbilities(
  actor: ProjectActor,
  facts: Omit<BuildingFacts, 'named'>,
  named: { design: boolean; survey: boolean },
) {
  const unnamed = { ...facts, named: false };
  return {
    edit: can('building.edit', actor, unnamed),
    submit: can('building.submit', actor, unnamed),
    confirm: can('building.confirm', actor, unnamed),
    reject: can('building.reject', actor, unnamed),
    editDesignInfo: can('building.designInfo', actor, { ...facts, named: named.design }),
    editSurveyFindings: can('building.surveyFindings', actor, { ...facts, named: named.survey }),
  };
}
